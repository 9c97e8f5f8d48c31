import type { DEPARTMENT_SORT_FIELDS, Department, SortOrder } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern, ownerInSubtree } from '../managed-accounts/index.ts';
import { sortedPage } from '../../db/page.ts';

/** Departments, always read within a scope. */

export interface DepartmentFilter {
  departmentCode: string;
  departmentName: string;
  productionBase: string;
  sortField: (typeof DEPARTMENT_SORT_FIELDS)[number];
  sortOrder: SortOrder;
  pageIndex: number;
  pageSize: number;
}

const SORT_COLUMNS = {
  createTime: 'dp.created_at',
  updateTime: 'dp.updated_at',
  departmentCode: 'dp.code',
  departmentName: 'dp.name',
} as const;

function scopedDepartments(db: Kysely<DB>, scope: DealerScope) {
  return db
    .selectFrom('departments as dp')
    .innerJoin('dealers as od', 'od.id', 'dp.owner_dealer_id')
    .where(ownerInSubtree(scope, 'od'));
}

function selectItem(query: ReturnType<typeof scopedDepartments>) {
  return query.select([
    'dp.id as departmentId',
    'dp.code as departmentCode',
    'dp.name as departmentName',
    'dp.production_base as productionBase',
    'dp.creator_name as creator',
    'od.id as ownerDealerId',
    'od.name as ownerDealerName',
    'dp.created_at',
    'dp.updated_at',
    sql<number>`(select count(*) from pda_users p where p.department_id = dp.id)::int`.as('pdaUserCount'),
  ]);
}

type DepartmentRow = Omit<Department, 'createTime' | 'updateTime'> & { created_at: Date; updated_at: Date };
const toDepartment = ({ created_at, updated_at, ...row }: DepartmentRow): Department => ({
  ...row,
  createTime: created_at.toISOString(),
  updateTime: updated_at.toISOString(),
});

/** One page of the scope's departments and how many match. */
export async function listDepartmentPage(
  db: Kysely<DB>,
  scope: DealerScope,
  filter: DepartmentFilter,
): Promise<{ list: Department[]; totalSize: number }> {
  let query = scopedDepartments(db, scope);
  if (filter.departmentCode) query = query.where('dp.code', 'ilike', containsPattern(filter.departmentCode));
  if (filter.departmentName) query = query.where('dp.name', 'ilike', containsPattern(filter.departmentName));
  if (filter.productionBase) query = query.where('dp.production_base', 'ilike', containsPattern(filter.productionBase));
  const page = await sortedPage(
    query,
    selectItem,
    { sortColumn: SORT_COLUMNS[filter.sortField], idColumn: 'dp.id' },
    filter,
  );
  return { list: page.rows.map(toDepartment), totalSize: page.totalSize };
}

/** A department of the scope, or undefined for a missing or foreign id alike. */
export async function findDepartment(
  db: Kysely<DB>,
  scope: DealerScope,
  departmentId: string,
): Promise<Department | undefined> {
  if (!isIdText(departmentId)) return undefined;
  const row = await selectItem(scopedDepartments(db, scope)).where('dp.id', '=', departmentId).executeTakeFirst();
  return row && toDepartment(row);
}

/** Every department of the scope for selects, by name. */
export function departmentOptionList(db: Kysely<DB>, scope: DealerScope) {
  return scopedDepartments(db, scope)
    .select(['dp.id as departmentId', 'dp.code as departmentCode', 'dp.name as departmentName'])
    .orderBy('dp.name')
    .orderBy('dp.id')
    .execute();
}

/** Whether another department of an owner in the scope's subtree already has this code. */
export async function codeTaken(
  db: Kysely<DB>,
  scope: DealerScope,
  ownerDealerId: string,
  code: string,
  exceptId: string | null,
): Promise<boolean> {
  let query = scopedDepartments(db, scope)
    .select('dp.id')
    .where('dp.owner_dealer_id', '=', ownerDealerId)
    .where('dp.code', '=', code);
  if (exceptId !== null) query = query.where('dp.id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The fields a department form writes. */
export interface DepartmentColumns {
  code: string;
  name: string;
  production_base: string;
}

/** A new department of an owner in the scope's subtree (the caller found the owner with ownerForNewRecord). */
export async function insertDepartment(
  db: Kysely<DB>,
  owner: { dealerId: string },
  columns: DepartmentColumns,
  creator: { userId: string; name: string },
): Promise<string> {
  const row = await db
    .insertInto('departments')
    .values({ owner_dealer_id: owner.dealerId, ...columns, created_by: creator.userId, creator_name: creator.name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes a department found in scope. */
export async function updateDepartmentRow(
  db: Kysely<DB>,
  department: Department,
  columns: DepartmentColumns,
): Promise<void> {
  await db
    .updateTable('departments')
    .set({ ...columns, updated_at: sql`now()` })
    .where('id', '=', department.departmentId)
    .execute();
}

/** How many PDA users a department found in scope has, its row locked so that none can join before the caller's transaction ends. */
export async function lockedPdaUserCount(db: Kysely<DB>, department: Department): Promise<number> {
  await db.selectFrom('departments').select('id').where('id', '=', department.departmentId).forUpdate().execute();
  const users = await db
    .selectFrom('pda_users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('department_id', '=', department.departmentId)
    .executeTakeFirstOrThrow();
  return Number(users.n);
}

/** Deletes a department found in scope. */
export async function deleteDepartmentRow(db: Kysely<DB>, department: Department): Promise<void> {
  await db.deleteFrom('departments').where('id', '=', department.departmentId).execute();
}
