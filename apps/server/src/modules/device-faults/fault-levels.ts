import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The fault levels (0-3) a member may view in a company: the union of its roles' viewable levels
 * (spec section 6; several roles add up). The one rule every reader of faults applies: the fault list,
 * the device detail's faults, repairs and the live stream.
 */
export async function viewableFaultLevels(db: Kysely<DB>, userId: string, dealerId: string): Promise<number[]> {
  const { rows } = await sql<{ level: number }>`
    select distinct unnest(r.fault_levels)::int as level from members m
    join member_roles mr on mr.member_id = m.id
    join roles r on r.id = mr.role_id
    where m.user_id = ${userId} and m.dealer_id = ${dealerId}
    order by level`.execute(db);
  return rows.map((row) => Number(row.level));
}

/** SQL: the fault under alias `f` is of a level the member may view in the company (the same rule as viewableFaultLevels, inside a query). */
export const levelViewable = (userId: string, dealerId: string) => sql<boolean>`f.level = any(array(
  select unnest(r.fault_levels) from members m
  join member_roles mr on mr.member_id = m.id
  join roles r on r.id = mr.role_id
  where m.user_id = ${userId} and m.dealer_id = ${dealerId}))`;
