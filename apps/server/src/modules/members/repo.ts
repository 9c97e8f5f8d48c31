import type { DealerMemberItem } from '@dcc/contract';
import { sql, type Kysely, type UpdateResult } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import { nextVersion } from '../../db/record-version.ts';
import { type OrgDB, accountMembershipsOutside, escapeLike, type ScopedDealer } from '../dealers/index.ts';
import { pageWithTotal } from '../../db/page.ts';

/**
 * Member queries (Kysely only). Every function takes the caller's scope, or a member or dealer
 * row already found in it, so a query outside the subtree cannot be written by forgetting a filter.
 */

/** A member found in the scope's subtree, with what the rules need to know about it. */
export interface ScopedMember {
  id: string;
  user_id: string;
  dealer_id: string;
  dealer_name: string;
  version: number;
  /** The member's account is its company's admin (dealers.admin_user_id). */
  is_admin: boolean;
}

/** Which members a page covers inside the scope: the whole subtree, one dealer of it, or one member. */
export type MemberFilter = { subtree: true } | { dealer: ScopedDealer } | { memberId: string };

/** A member whose dealer lies in the scope's subtree; undefined for a foreign or missing id alike. */
export async function findMemberInScope(
  db: Kysely<OrgDB>,
  scope: DealerScope,
  memberId: string,
): Promise<ScopedMember | undefined> {
  if (!isIdText(memberId)) return undefined;
  return db
    .selectFrom('members as m')
    .innerJoin('dealers as d', 'd.id', 'm.dealer_id')
    .select(['m.id', 'm.user_id', 'd.id as dealer_id', 'd.name as dealer_name', 'm.version'])
    .select(sql<boolean>`coalesce(d.admin_user_id = m.user_id, false)`.as('is_admin'))
    .where('m.id', '=', memberId)
    .where('d.path', 'like', `${scope.path}%`)
    .executeTakeFirst();
}

/** The buttons of a member's roles in its company. */
export async function buttonsOfScopedMember(db: Kysely<OrgDB>, member: Pick<ScopedMember, 'id'>): Promise<string[]> {
  const rows = await db
    .selectFrom('member_roles as mr')
    .innerJoin('role_buttons as rb', 'rb.role_id', 'mr.role_id')
    .select('rb.button_id')
    .distinct()
    .where('mr.member_id', '=', member.id)
    .execute();
  return rows.map((row) => row.button_id);
}

export async function roleIdsOfScopedMember(db: Kysely<OrgDB>, member: Pick<ScopedMember, 'id'>): Promise<string[]> {
  const rows = await db.selectFrom('member_roles').select('role_id').where('member_id', '=', member.id).execute();
  return rows.map((row) => row.role_id);
}

/** The membership of an account in the scope's own company, if any. */
export async function memberOfCompany(db: Kysely<OrgDB>, scope: DealerScope, userId: string) {
  return db
    .selectFrom('members')
    .select('id')
    .where('user_id', '=', userId)
    .where('dealer_id', '=', scope.dealerId)
    .executeTakeFirst();
}

/** Whether an account is a member of some company of the scope's subtree. */
export async function isMemberInSubtree(db: Kysely<OrgDB>, scope: DealerScope, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('members as m')
    .innerJoin('dealers as d', 'd.id', 'm.dealer_id')
    .select('m.id')
    .where('m.user_id', '=', userId)
    .where('d.path', 'like', `${scope.path}%`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds an account to a dealer found in scope, with roles already checked as assignable. */
export async function insertScopedMember(
  db: Kysely<OrgDB>,
  dealer: ScopedDealer,
  userId: string,
  jurisdiction: string,
  roleIds: readonly string[],
): Promise<string> {
  const member = await db
    .insertInto('members')
    .values({ dealer_id: dealer.id, user_id: userId, jurisdiction })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (roleIds.length > 0)
    await db
      .insertInto('member_roles')
      .values(roleIds.map((role_id) => ({ member_id: member.id, role_id })))
      .execute();
  return member.id;
}

/** Sets the jurisdiction and moves to the next version, only if the member is still at `version`. */
export function updateMemberAtVersion(
  db: Kysely<OrgDB>,
  member: ScopedMember,
  version: number,
  jurisdiction: string,
): Promise<UpdateResult> {
  return db
    .updateTable('members')
    .set({ jurisdiction, ...nextVersion })
    .where('id', '=', member.id)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Sets avatar and email of the member's account, unless a company outside the scope's subtree uses the account. */
export async function updateAccountProfileInScope(
  db: Kysely<OrgDB>,
  scope: DealerScope,
  member: ScopedMember,
  profile: { img: string; email: string },
): Promise<void> {
  await db
    .updateTable('users as u')
    .set(profile)
    .where('u.id', '=', member.user_id)
    .where(({ not, exists, selectFrom }) => not(exists(accountMembershipsOutside(selectFrom, scope.path))))
    .execute();
}

export async function replaceMemberRoles(
  db: Kysely<OrgDB>,
  member: ScopedMember,
  roleIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('member_roles').where('member_id', '=', member.id).execute();
  await db
    .insertInto('member_roles')
    .values(roleIds.map((role_id) => ({ member_id: member.id, role_id })))
    .execute();
}

export async function deleteScopedMember(db: Kysely<OrgDB>, member: ScopedMember): Promise<void> {
  await db.deleteFrom('members').where('id', '=', member.id).execute();
}

/** The members a filter covers, never outside the scope's subtree; accounts are joined only to search them. */
function membersQuery(db: Kysely<OrgDB>, scope: DealerScope, filter: MemberFilter, keyword = '') {
  let query = db
    .selectFrom('members as m')
    .innerJoin('dealers as d', 'd.id', 'm.dealer_id')
    .where('d.path', 'like', `${scope.path}%`);
  if ('dealer' in filter) query = query.where('m.dealer_id', '=', filter.dealer.id);
  else if ('memberId' in filter) query = query.where('m.id', '=', filter.memberId);
  if (keyword === '') return query;
  const pattern = `%${escapeLike(keyword)}%`;
  return query.where((eb) =>
    eb.exists(
      eb
        .selectFrom('users as s')
        .select('s.id')
        .whereRef('s.id', '=', 'm.user_id')
        .where((inner) => inner.or([inner('s.real_name', 'ilike', pattern), inner('s.user_name', 'like', pattern)])),
    ),
  );
}

export const splitCodes = (text: string): string[] => (text === '' ? [] : text.split(','));

/** One page of members of the scope's subtree, newest first, with their roles. */
export async function memberPage(
  db: Kysely<OrgDB>,
  scope: DealerScope,
  filter: MemberFilter,
  pageIndex: number,
  pageSize: number,
  keyword = '',
): Promise<{ list: DealerMemberItem[]; totalSize: number }> {
  // The page's ids first (walking the members index newest first), then their accounts and names.
  const { rows: ids, totalSize } = await pageWithTotal(
    membersQuery(db, scope, filter, keyword),
    (query) => query.select('m.id').orderBy('m.created_at', 'desc').orderBy('m.id', 'desc'),
    { pageIndex, pageSize },
  );
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('members as m')
          .innerJoin('dealers as d', 'd.id', 'm.dealer_id')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select([
            'm.id',
            'm.user_id',
            'u.user_name',
            'u.real_name',
            'u.email',
            'u.img',
            'd.id as dealer_id',
            'd.name as dealer_name',
            'm.jurisdiction',
            'm.created_at',
            'm.version',
          ])
          .where(
            'm.id',
            'in',
            ids.map((row) => row.id),
          )
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .execute();
  const roles =
    rows.length === 0
      ? []
      : await db
          .selectFrom('member_roles as mr')
          .innerJoin('roles as r', 'r.id', 'mr.role_id')
          .select(['mr.member_id', 'r.id', 'r.name', 'r.builtin'])
          .where(
            'mr.member_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('r.id')
          .execute();
  const list = rows.map((row) => ({
    memberId: row.id,
    userId: row.user_id,
    phone: row.user_name,
    realName: row.real_name,
    email: row.email,
    img: row.img,
    dealersId: row.dealer_id,
    dealersName: row.dealer_name,
    jurisdiction: splitCodes(row.jurisdiction),
    roles: roles
      .filter((role) => role.member_id === row.id)
      .map((role) => ({ roleId: role.id, roleName: role.name, builtin: role.builtin })),
    createTime: new Date(row.created_at).toISOString(),
    version: row.version,
  }));
  return { list, totalSize };
}

/** One member of the scope's subtree as the member calls answer it. */
export async function memberItem(db: Kysely<OrgDB>, scope: DealerScope, memberId: string): Promise<DealerMemberItem> {
  const { list } = await memberPage(db, scope, { memberId }, 1, 1);
  return list[0]!;
}
