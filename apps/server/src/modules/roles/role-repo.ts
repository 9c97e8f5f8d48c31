import type { RoleItem } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { OrgDB } from '../dealers/org-db.ts';
import { escapeLike } from '../dealers/scope.ts';


/** One page of the roles a company owns, newest first, with their buttons and member counts. */
export async function rolePage(db: Kysely<OrgDB>, filter: { dealerId: string } | { roleId: string }, pageIndex: number, pageSize: number, name = ''): Promise<{ list: RoleItem[]; totalSize: number }> {
  let base = db.selectFrom('roles as r');
  base = 'dealerId' in filter ? base.where('r.dealer_id', '=', filter.dealerId) : base.where('r.id', '=', filter.roleId);
  if (name !== '') base = base.where('r.name', 'ilike', `%${escapeLike(name)}%`);
  const [rows, total] = await Promise.all([
    base
      .select([
        'r.id', 'r.name', 'r.description', 'r.view_level_max', 'r.fault_levels', 'r.created_at',
        sql<string>`(select count(*) from member_roles mr where mr.role_id = r.id)`.as('member_count'),
        sql<string[]>`array(select rb.button_id from role_buttons rb join buttons b on b.id = rb.button_id where rb.role_id = r.id order by b.sort)`.as('button_ids'),
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = rows.map((row) => ({
    roleId: row.id,
    roleName: row.name,
    description: row.description,
    viewLevelMax: row.view_level_max,
    faultLevels: [...row.fault_levels].map(Number),
    buttonIds: [...row.button_ids],
    memberCount: Number(row.member_count),
    createTime: new Date(row.created_at).toISOString(),
  }));
  return { list, totalSize: Number(total.n) };
}

export async function roleItem(db: Kysely<OrgDB>, roleId: string): Promise<RoleItem> {
  return (await rolePage(db, { roleId }, 1, 1)).list[0]!;
}
