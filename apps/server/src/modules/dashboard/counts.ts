import type { DeviceRatioItem, OverviewStats } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { ownerInSubtree } from '../managed-accounts/index.ts';

/**
 * The live device counts of a subtree (migration 051): per dealer and product, the folded count plus the
 * changes the triggers appended since the last fold. Reading them costs the subtree's dealers times
 * products, never its devices.
 */

/** Counts (alias `c`: dealer_id, product_id, devices, online) of the scope's dealers, joined to the dealer (alias `cd`). */
const countsOfScope = (db: Kysely<DB>, scope: DealerScope) =>
  db
    .selectFrom(
      db
        .selectFrom('device_counts')
        .select(['dealer_id', 'product_id', 'devices', 'online'])
        .unionAll(
          db
            .selectFrom('device_count_changes')
            .select([
              'dealer_id',
              'product_id',
              sql<string>`devices::bigint`.as('devices'),
              sql<string>`online::bigint`.as('online'),
            ]),
        )
        .as('c'),
    )
    .innerJoin('dealers as cd', 'cd.id', 'c.dealer_id')
    .where(ownerInSubtree(scope, 'cd'));

/** The subtree's devices and those ONLINE now. */
export async function overviewOf(db: Kysely<DB>, scope: DealerScope): Promise<OverviewStats> {
  const row = await countsOfScope(db, scope)
    .select([
      sql<string>`coalesce(sum(c.devices), 0)`.as('total'),
      sql<string>`coalesce(sum(c.online), 0)`.as('online'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), onlineAmount: Number(row.online) };
}

/** Per dealer with devices: how many, and how many are ONLINE now (the daily job's snapshot). */
export async function countsByDealer(
  db: Kysely<DB>,
): Promise<Array<{ dealerId: string; devices: number; online: number }>> {
  const { rows } = await sql<{ dealer_id: string; devices: string; online: string }>`
    select dealer_id::text, sum(devices) as devices, sum(online) as online
    from (select dealer_id, devices, online from device_counts
          union all select dealer_id, devices, online from device_count_changes) c
    where exists (select 1 from dealers d where d.id = c.dealer_id)
    group by dealer_id`.execute(db);
  return rows.map((row) => ({ dealerId: row.dealer_id, devices: Number(row.devices), online: Number(row.online) }));
}

/** The subtree's devices per product (names in both languages), largest first; products without devices left out. */
export async function devicesByProduct(db: Kysely<DB>, scope: DealerScope): Promise<DeviceRatioItem[]> {
  const rows = await countsOfScope(db, scope)
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select(['p.id', 'p.name', 'p.en_name', sql<string>`sum(c.devices)`.as('count')])
    .groupBy(['p.id', 'p.name', 'p.en_name'])
    .having(sql`sum(c.devices)`, '>', 0)
    .orderBy(sql`sum(c.devices)`, 'desc')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({
    productName: row.name,
    productEnName: row.en_name,
    count: Number(row.count),
  }));
}

/**
 * Folds the appended changes into device_counts in one statement: the changes it deletes are the ones it
 * adds, so a reader sees either both before or both after.
 */
export async function foldCountChanges(db: Kysely<DB>): Promise<void> {
  await sql`
    with moved as (delete from device_count_changes returning dealer_id, product_id, devices, online),
    sums as (select dealer_id, product_id, sum(devices) as devices, sum(online) as online from moved group by dealer_id, product_id)
    insert into device_counts as c (dealer_id, product_id, devices, online)
    select s.dealer_id, s.product_id, s.devices, s.online from sums s
    where exists (select 1 from dealers d where d.id = s.dealer_id) and exists (select 1 from products p where p.id = s.product_id)
    on conflict (dealer_id, product_id) do update set devices = c.devices + excluded.devices, online = c.online + excluded.online`.execute(
    db,
  );
}
