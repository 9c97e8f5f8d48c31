import type { DealerMemberItem } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { OrgDB } from '../dealers/org-db.ts';
import { escapeLike } from '../dealers/scope.ts';

/** Which members a page covers: one dealer's own, a whole subtree (materialized path prefix), or one member. */
export type MemberFilter = { dealerId: string } | { subtreePath: string } | { memberId: string };


/** The members a filter covers; accounts are joined only to search them. */
function membersQuery(db: Kysely<OrgDB>, filter: MemberFilter, keyword = '') {
  let query = db.selectFrom('members as m').innerJoin('dealers as d', 'd.id', 'm.dealer_id');
  if ('dealerId' in filter) query = query.where('m.dealer_id', '=', filter.dealerId);
  else if ('memberId' in filter) query = query.where('m.id', '=', filter.memberId);
  else query = query.where('d.path', 'like', `${filter.subtreePath}%`);
  if (keyword === '') return query;
  const pattern = `%${escapeLike(keyword)}%`;
  return query.where((eb) => eb.exists(
    eb.selectFrom('users as s').select('s.id').whereRef('s.id', '=', 'm.user_id').where((inner) => inner.or([inner('s.real_name', 'ilike', pattern), inner('s.user_name', 'like', pattern)])),
  ));
}

export const splitCodes = (text: string): string[] => (text === '' ? [] : text.split(','));

/** One page of members, newest first, with their roles. */
export async function memberPage(db: Kysely<OrgDB>, filter: MemberFilter, pageIndex: number, pageSize: number, keyword = ''): Promise<{ list: DealerMemberItem[]; totalSize: number }> {
  // The page's ids first (walking the members index newest first), then their accounts and names.
  const [ids, total] = await Promise.all([
    membersQuery(db, filter, keyword)
      .select('m.id')
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize)
      .execute(),
    membersQuery(db, filter, keyword).select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const rows = ids.length === 0 ? [] : await db
    .selectFrom('members as m')
    .innerJoin('dealers as d', 'd.id', 'm.dealer_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.user_id', 'u.user_name', 'u.real_name', 'u.email', 'u.img', 'd.id as dealer_id', 'd.name as dealer_name', 'm.jurisdiction', 'm.created_at'])
    .where('m.id', 'in', ids.map((row) => row.id))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  const roles = rows.length === 0 ? [] : await db
    .selectFrom('member_roles as mr')
    .innerJoin('roles as r', 'r.id', 'mr.role_id')
    .select(['mr.member_id', 'r.id', 'r.name'])
    .where('mr.member_id', 'in', rows.map((row) => row.id))
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
    roles: roles.filter((role) => role.member_id === row.id).map((role) => ({ roleId: role.id, roleName: role.name })),
    createTime: new Date(row.created_at).toISOString(),
  }));
  return { list, totalSize: Number(total.n) };
}

/** One member as the member calls answer it. */
export async function memberItem(db: Kysely<OrgDB>, memberId: string): Promise<DealerMemberItem> {
  const { list } = await memberPage(db, { memberId }, 1, 1);
  return list[0]!;
}
