import { BUILTIN_ROLES, type BuiltinRole, type RoleItem } from '@dcc/contract';
import { sql, type Kysely, type UpdateResult } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { nextVersion } from '../../db/record-version.ts';
import { insertRoleButtons } from '../../db/seed/people.ts';
import { escapeLike } from '../dealers/index.ts';
import { builtinsMatching } from './builtin.ts';
import { pageWithTotal } from '../../db/page.ts';

/** Queries of roles; every one takes the caller's scope or a role already found in it. */

/** A role found in the scope's subtree, with the level of the company that owns it. */
export interface ScopedRole {
  id: string;
  companyLevel: number;
  builtin: BuiltinRole | null;
}

/** The stored columns of a role, as the service writes them. */
export interface RoleColumns {
  name: string;
  builtin: BuiltinRole | null;
  description: string;
  view_level_max: number;
  fault_levels: number[];
}

const companyRoles = (db: Kysely<DB>) => db.selectFrom('roles as r').innerJoin('dealers as d', 'd.id', 'r.dealer_id');

const withItemColumns = (query: ReturnType<typeof companyRoles>) =>
  query.select([
    'r.id',
    'r.name',
    'r.builtin',
    'r.description',
    'r.view_level_max',
    'r.fault_levels',
    'r.created_at',
    'r.version',
    sql<string>`(select count(*) from member_roles mr where mr.role_id = r.id)`.as('member_count'),
    sql<
      string[]
    >`array(select rb.button_id from role_buttons rb join buttons b on b.id = rb.button_id where rb.role_id = r.id order by b.sort)`.as(
      'button_ids',
    ),
  ]);

type RoleRow = Awaited<ReturnType<ReturnType<typeof withItemColumns>['execute']>>[number];

const toItem = (row: RoleRow): RoleItem => ({
  roleId: row.id,
  roleName: row.name,
  builtin: row.builtin,
  description: row.description,
  viewLevelMax: row.view_level_max,
  faultLevels: [...row.fault_levels].map(Number),
  buttonIds: [...row.button_ids],
  memberCount: Number(row.member_count),
  createTime: new Date(row.created_at).toISOString(),
  version: row.version,
});

/** One page of the roles the scope's company owns, newest first, with their buttons and member counts. */
export async function rolePage(
  db: Kysely<DB>,
  scope: DealerScope,
  filter: { pageIndex: number; pageSize: number; roleName: string },
): Promise<{ list: RoleItem[]; totalSize: number }> {
  let base = companyRoles(db).where('r.dealer_id', '=', scope.dealerId);
  if (filter.roleName !== '') {
    const builtins = builtinsMatching(filter.roleName, BUILTIN_ROLES);
    base = base.where((eb) =>
      eb.or([
        eb('r.name', 'ilike', `%${escapeLike(filter.roleName)}%`),
        ...(builtins.length > 0 ? [eb('r.builtin', 'in', builtins)] : []),
      ]),
    );
  }
  const { rows, totalSize } = await pageWithTotal(
    base,
    (query) => withItemColumns(query).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc'),
    filter,
  );
  return { list: rows.map(toItem), totalSize };
}

/** A role owned inside the scope's subtree, or undefined for a missing or foreign id alike. */
export async function findRole(db: Kysely<DB>, scope: DealerScope, roleId: string): Promise<ScopedRole | undefined> {
  if (!isIdText(roleId)) return undefined;
  const row = await companyRoles(db)
    .select(['r.id', 'd.level', 'r.builtin'])
    .where('r.id', '=', roleId)
    .where('d.path', 'like', `${scope.path}%`)
    .executeTakeFirst();
  return row && { id: row.id, companyLevel: row.level, builtin: row.builtin };
}

/** The answer for a role found in scope. */
export async function roleItem(db: Kysely<DB>, scope: DealerScope, role: ScopedRole): Promise<RoleItem> {
  const row = await withItemColumns(companyRoles(db))
    .where('r.id', '=', role.id)
    .where('d.path', 'like', `${scope.path}%`)
    .executeTakeFirstOrThrow();
  return toItem(row);
}

/** A new role of the scope's own company with its buttons. */
export async function insertCompanyRole(
  db: Kysely<DB>,
  scope: DealerScope,
  columns: RoleColumns,
  buttons: readonly string[],
): Promise<ScopedRole> {
  const role = await db
    .insertInto('roles')
    .values({ dealer_id: scope.dealerId, ...columns })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertRoleButtons(db, role.id, buttons);
  return { id: role.id, companyLevel: scope.level, builtin: columns.builtin };
}

/** Changes a role found in scope if it is still at `version` (no row changed otherwise). */
export const updateRoleAtVersion = (
  db: Kysely<DB>,
  role: ScopedRole,
  columns: RoleColumns,
  version: number,
): Promise<UpdateResult> =>
  db
    .updateTable('roles')
    .set({ ...columns, ...nextVersion })
    .where('id', '=', role.id)
    .where('version', '=', version)
    .executeTakeFirst();

/** Replaces the buttons of a role found in scope. */
export async function replaceRoleButtons(db: Kysely<DB>, role: ScopedRole, buttons: readonly string[]): Promise<void> {
  await db.deleteFrom('role_buttons').where('role_id', '=', role.id).execute();
  await insertRoleButtons(db, role.id, buttons);
}

/** The members holding a role found in scope: account and company of each. */
export const roleHolders = (db: Kysely<DB>, role: ScopedRole) =>
  db
    .selectFrom('member_roles as mr')
    .innerJoin('members as m', 'm.id', 'mr.member_id')
    .innerJoin('dealers as d', 'd.id', 'm.dealer_id')
    .select(['m.id', 'm.user_id', 'm.dealer_id'])
    .select(sql<boolean>`coalesce(d.admin_user_id = m.user_id, false)`.as('is_admin'))
    .where('mr.role_id', '=', role.id)
    .execute();

export type RoleHolder = Awaited<ReturnType<typeof roleHolders>>[number];

/** The buttons a role found in scope holds now. */
export async function buttonsOfRole(db: Kysely<DB>, role: ScopedRole): Promise<string[]> {
  const rows = await db.selectFrom('role_buttons').select('button_id').where('role_id', '=', role.id).execute();
  return rows.map((row) => row.button_id);
}

/** Deletes a role found in scope. */
export async function deleteRoleRow(db: Kysely<DB>, role: ScopedRole): Promise<void> {
  await db.deleteFrom('roles').where('id', '=', role.id).execute();
}
