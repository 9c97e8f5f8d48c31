import pg from 'pg';
import { sql } from 'kysely';
import type { DealerScope } from '../apps/server/src/auth/permission-repo.ts';
import { openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { newDealer, newProduct, newUser } from '../apps/server/test/factories.ts';

/**
 * A large device fleet in its own PostgreSQL database (kept between runs, rebuilt when it holds
 * another count): a company with 20 dealers, 10 products, `count` devices made by set-based SQL
 * (generate_series), the latest values of points 13 and 14 for each, an open fault on every 20th.
 */
export interface Fleet {
  database: Database;
  scope: DealerScope;
  productIds: string[];
  count: number;
  /** An account that starts the benchmark's export jobs (a job belongs to a user). */
  benchUserId: string;
}

const BENCH_USER_PHONE = '13599990000';

export async function openFleet(baseUrl: string, name: string, count: number): Promise<Fleet> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null, poolSize: 4 });
  await migrate(database);
  const db = database.db;
  const held = Number((await sql<{ n: string }>`select count(*) as n from devices`.execute(db)).rows[0]!.n);
  if (held !== count) await seed(database, count);
  const company = await db
    .selectFrom('dealers')
    .select(['id', 'level', 'path'])
    .where('name', '=', 'Bench fleet company')
    .executeTakeFirstOrThrow();
  const productIds = (
    await db.selectFrom('products').select('id').where('name', 'like', 'Product %').orderBy('id').execute()
  ).map((row) => row.id);
  const benchUserId =
    (await db.selectFrom('users').select('id').where('user_name', '=', BENCH_USER_PHONE).executeTakeFirst())?.id ??
    (await newUser(db, { phone: BENCH_USER_PHONE })).id;
  return {
    database,
    scope: { dealerId: company.id, level: company.level, path: company.path } as DealerScope,
    productIds,
    count,
    benchUserId,
  };
}

async function seed(database: Database, count: number): Promise<void> {
  const db = database.db;
  await sql`truncate devices, device_values, device_faults, device_favourites cascade`.execute(db);
  let company = (
    await db.selectFrom('dealers').select('id').where('name', '=', 'Bench fleet company').executeTakeFirst()
  )?.id;
  company ??= await newDealer(db, { level: 0, name: 'Bench fleet company' });
  const dealers = [company];
  for (let k = 0; k < 20; k++) dealers.push(await newDealer(db, { parentId: company, level: 1 }));
  const products: string[] = [];
  for (let k = 0; k < 10; k++) products.push(await newProduct(db));
  const started = Date.now();
  await sql`
    insert into devices (device_code, device_name, product_id, sn, model, dealer_id, status, province_code, city_code, last_online_at, created_at, secret_box)
    select 'BD-' || g, 'Device ' || g, (${products}::bigint[])[g % 10 + 1], 'SN' || lpad(g::text, 7, '0'), (array['KF-120', 'KF-200', 'RS-5'])[g % 3 + 1],
      (${dealers}::bigint[])[g % 21 + 1], (array['UNACTIVE', 'ONLINE', 'OFFLINE'])[(g / 7) % 3 + 1],
      (array['330000', '110000', '440000'])[g % 3 + 1], (array['330100', '110100', '440100'])[g % 3 + 1],
      timestamptz '2026-01-01' + (g % 86400) * interval '1 second', timestamptz '2024-01-01' + g * interval '30 seconds', '\\x00'::bytea
    from generate_series(1, ${count}) g`.execute(db);
  await sql`
    insert into device_values (device_id, point_values)
    select id, jsonb_build_object('13', (id * 37 % 1000) / 10.0, '14', id % 2)
    from devices`.execute(db);
  await sql`
    insert into device_faults (device_id, address, fault_code, level, fault_type, opened_at)
    select id, 20, (array['E1', 'E2', 'F7'])[id % 3 + 1], 2, 'light', timestamptz '2026-03-01' + (id % 1000) * interval '1 hour'
    from devices where id % 20 = 0`.execute(db);
  await sql`analyze`.execute(db);
  console.log(`seeded ${count} devices in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
