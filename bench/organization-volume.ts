import { ALL_BUTTON_IDS } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { hashPasswordDigest, md5Hex } from '../apps/server/src/auth/password.ts';
import type { DB } from '../apps/server/src/db/schema.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo.ts';

/** Dealers per level of the benchmark tree (levels 0-5): 10,000 in all. */
export const DEALERS_PER_LEVEL = [1, 9, 90, 900, 4000, 5000] as const;
export const MEMBERS = 100_000;

/**
 * Bulk-inserts the benchmark organization with set-based statements (one per level, then one
 * each for accounts, roles, role buttons, members and member roles): a 6-level tree of 10,000
 * dealers (each level's dealers spread evenly over the level above) and 100,000 members spread
 * evenly over all dealers, each with its company's role. Answers the root id.
 */
export async function seedOrganizationVolume(db: Kysely<DB>): Promise<string> {
  const root = await db
    .insertInto('dealers')
    .values({ name: 'Bench root', code: 'BL0-1', level: 0, parent_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let level = 1; level < DEALERS_PER_LEVEL.length; level += 1) {
    const count = DEALERS_PER_LEVEL[level]!;
    const parents = DEALERS_PER_LEVEL[level - 1]!;
    await sql`
      insert into dealers (parent_id, level, name, code)
      select p.id, ${level}, 'Bench dealer L' || ${level} || '-' || g, 'BL' || ${level} || '-' || g
      from generate_series(1, ${count}::int) g
      join (select id, row_number() over (order by id) - 1 as rn from dealers where level = ${level - 1} and code like 'BL%') p
        on p.rn = g % ${parents}::int`.execute(db);
  }
  const passwordHash = await hashPasswordDigest(md5Hex(DEMO_PASSWORD));
  await sql`
    insert into users (user_name, real_name, identity, password_hash)
    select '15' || lpad(g::text, 9, '0'), 'Bench member ' || g, 'dealer', ${passwordHash}
    from generate_series(1, ${MEMBERS}::int) g`.execute(db);
  await sql`insert into roles (dealer_id, name, view_level_max) select id, 'Bench role', 5 from dealers where code like 'BL%'`.execute(
    db,
  );
  await sql`
    insert into role_buttons (role_id, button_id)
    select r.id, b from roles r cross join unnest(${sql.val(ALL_BUTTON_IDS)}::text[]) b where r.name = 'Bench role'`.execute(
    db,
  );
  // Member i belongs to the i-th dealer in id order (modulo), created over the last 100 days.
  await sql`
    with d as (select id, row_number() over (order by id) - 1 as rn, count(*) over () as n from dealers where code like 'BL%'),
         u as (select id, row_number() over (order by id) as rn from users where user_name like '15%' and real_name like 'Bench member %')
    insert into members (dealer_id, user_id, jurisdiction, created_at)
    select d.id, u.id, '110000', now() - make_interval(secs => u.rn * 86.4)
    from u join d on d.rn = u.rn % d.n`.execute(db);
  await sql`
    insert into member_roles (member_id, role_id)
    select m.id, r.id from members m join roles r on r.dealer_id = m.dealer_id and r.name = 'Bench role'
    join dealers d on d.id = m.dealer_id where d.code like 'BL%'`.execute(db);
  await sql`analyze`.execute(db);
  return root.id;
}
