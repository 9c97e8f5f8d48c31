/**
 * The home dashboard's calls over a large fleet (issue 21), on PostgreSQL: `npm run bench:dashboard-calls`
 * with DATABASE_URL set. Builds (once; kept in the database `bench_dashboard` while it holds the same count)
 * a level-0 company with 100 dealers (one of them a level-2 branch), 10 products, BENCH_DEVICES devices
 * (1,000,000 by default), 100,000 projects and 90 days of daily device statistics, all by set-based SQL
 * (generate_series), runs the project statistics job (migration 094) once; then serves the whole app over HTTP and times every dashboard call, as the company's
 * operator (the whole fleet) and as a member of the branch, next to a bare `select 1` answered by the same
 * HTTP server (the ceiling of this machine at this moment).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  Button,
  faultNow,
  getAddDeviceByDay,
  getAddressHistoryValue,
  getDealersProject,
  getDealersStats,
  getDeviceAuditNum,
  getDeviceRatio,
  getOnlineDeviceNumber,
  getPointPosition,
  getProjectAuditNum,
  getProjectIncreasedNum,
  queryImportantDevice,
  queryNationInfo,
  updateImportantStatus,
  zonedDay,
  type CallDef,
} from '@dcc/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { syncButtons } from '../apps/server/src/db/seed/buttons.ts';
import { rollUpProjectStats } from '../apps/server/src/modules/projects/index.ts';
import { newDealer, newMember, newProduct, newUser } from '../apps/server/test/factories.ts';
import { loginAs } from '../apps/server/test/harness.ts';

const COUNT = Number(process.env.BENCH_DEVICES ?? 1_000_000);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const DB_NAME = 'bench_dashboard';
const ZONE = 'Asia/Shanghai';
const OPERATOR_PHONE = '13599991000';
const BRANCH_PHONE = '13599991001';
const DASHBOARD_BUTTONS = [Button.HOME, Button.HOME_KEY_DEVICES, Button.HOME_KEY_PROJECTS, Button.PROJECTS];

async function openBenchDatabase(baseUrl: string): Promise<{ database: Database; url: string }> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  if ((await admin.query('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount !== 1)
    await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${DB_NAME}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null, poolSize: 4 });
  await migrate(database);
  await syncButtons(database.db);
  return { database, url: url.toString() };
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The fleet, projects and statistics, by set-based SQL; each step timed. */
async function seed(database: Database): Promise<void> {
  const db = database.db;
  await sql`truncate devices, device_values, device_faults, device_favourites, projects, daily_device_stat, daily_project_stat, device_counts, device_count_changes cascade`.execute(
    db,
  );
  const company = await newDealer(db, { level: 0, name: 'Bench dashboard company' });
  const dealers = [company];
  for (let k = 0; k < 98; k++) dealers.push(await newDealer(db, { parentId: company, level: 1 }));
  dealers.push(await newDealer(db, { parentId: dealers[1]!, level: 2, name: 'Bench dashboard branch' }));
  const products: string[] = [];
  for (let k = 0; k < 10; k++) products.push(await newProduct(db));
  let at = performance.now();
  // Created over the last 180 days; a third ONLINE, a third OFFLINE (both activated an hour after creation), a third UNACTIVE.
  await sql`
    insert into devices (device_code, device_name, product_id, dealer_id, status, connected, activated_at, created_at, secret_box)
    select 'DB-' || g, 'Device ' || g, (${products}::bigint[])[g % 10 + 1], (${dealers}::bigint[])[g % 100 + 1],
      (array['ONLINE', 'OFFLINE', 'UNACTIVE'])[g % 3 + 1], g % 3 = 0,
      case when g % 3 < 2 then now() - (g::bigint * 15552000 / ${COUNT}) * interval '1 second' + interval '1 hour' end,
      now() - (g::bigint * 15552000 / ${COUNT}) * interval '1 second', '\\x00'::bytea
    from generate_series(1, ${COUNT}) g`.execute(db);
  console.log(`  ${COUNT} devices: ${seconds(at)}`);
  at = performance.now();
  await sql`
    insert into device_faults (device_id, address, fault_code, level, fault_type, opened_at)
    select id, 30, (array['E01', 'E02', 'E04'])[id % 3 + 1], 2, 'heavy', now() - (id % 1000) * interval '1 hour'
    from devices where id % 50 = 0`.execute(db);
  console.log(`  open faults on every 50th device: ${seconds(at)}`);
  at = performance.now();
  await sql`
    insert into projects (dealer_id, name, is_cen_control, type, area, province_code, address, user_name, user_phone,
      application, longitude, latitude, check_state, check_submitted_at, important, created_at)
    select (${dealers}::bigint[])[g % 100 + 1], 'Project ' || g, case when g % 5 = 0 then 'Y' else 'N' end, 'hotel', 100 + g % 900,
      (array['330000', '110000', '440000'])[g % 3 + 1], 'Address ' || g, 'User ' || g, '13800138000', 'typical',
      120 + (g % 100) / 10.0, 30 + (g % 100) / 10.0, g % 4,
      case when g % 4 > 0 then now() - (g::bigint * 15552000 / ${PROJECTS}) * interval '1 second' + interval '2 hours' end,
      g % 200 = 0, now() - (g::bigint * 15552000 / ${PROJECTS}) * interval '1 second'
    from generate_series(1, ${PROJECTS}) g`.execute(db);
  // Submitted two hours after creation, passed a day after submission (never in the future): spread over the
  // 180 days like the projects, as a console's audits are.
  await sql`
    insert into project_audits (project_id, from_state, to_state, created_at)
    select id, 1, 2, least(now(), check_submitted_at + interval '1 day') from projects where check_state = 2`.execute(
    db,
  );
  console.log(`  ${PROJECTS} projects and their passed audits: ${seconds(at)}`);
  at = performance.now();
  // 90 days before today for every dealer (today is counted on read and snapshotted by the job).
  await sql`
    insert into daily_device_stat (dealer_id, stat_day, added, activated, total, online)
    select d.id, day::date, 50 + (d.id + extract(day from day)::int) % 60, 30 + d.id % 40,
      ${Math.round(COUNT / 100)}::int - (current_date - day::date) * 55, ${Math.round(COUNT / 300)}::int - (d.id * 7 + extract(day from day)::int) % 500
    from dealers d cross join generate_series(current_date - 90, current_date - 1, interval '1 day') day
    where d.id = any(${dealers}::bigint[])`.execute(db);
  console.log(`  90 days of daily statistics for 100 dealers: ${seconds(at)}`);
  at = performance.now();
  // What autovacuum does after a bulk insert (visibility map for index-only scans, planner statistics).
  await sql`vacuum analyze`.execute(db);
  console.log(`  vacuum analyze: ${seconds(at)}`);
}

async function ensureFleet(database: Database): Promise<void> {
  const held = await sql<{ n: string; p: string }>`
    select (select count(*) from devices) as n, (select count(*) from projects) as p`.execute(database.db);
  // The audits' seed changed (they were all within two days of the seeding, half in the future): a database
  // seeded before holds audits after now, and is seeded again.
  const future = await sql<{ n: string }>`select count(*) as n from project_audits where created_at > now()`.execute(
    database.db,
  );
  if (Number(held.rows[0]!.n) === COUNT && Number(held.rows[0]!.p) === PROJECTS && future.rows[0]!.n === '0') return;
  const started = performance.now();
  console.log(`seeding ${DB_NAME}:`);
  await seed(database);
  console.log(`seeded in ${seconds(started)}`);
}

/** A member of a company holding the dashboard buttons (made once), its session and its context. */
async function member(database: Database, dealerName: string, phone: string) {
  const db = database.db;
  // The newest company of that name: a reseed makes a new tree.
  const dealer = await db
    .selectFrom('dealers')
    .select('id')
    .where('name', '=', dealerName)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const user =
    (await db.selectFrom('users').select('id').where('user_name', '=', phone).executeTakeFirst()) ??
    (await newUser(db, { phone }));
  const membership = await db
    .selectFrom('members')
    .select('id')
    .where('user_id', '=', user.id)
    .where('dealer_id', '=', dealer.id)
    .executeTakeFirst();
  if (!membership) await newMember(db, dealer.id, user.id, DASHBOARD_BUTTONS);
  return { dealersId: dealer.id, phone };
}

type Timed = { name: string; median: number; p95: number; max: number };

function figures(name: string, samples: number[]): Timed {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { name, median: pick(0.5), p95: pick(0.95), max: sorted.at(-1)! };
}

async function main(): Promise<void> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('bench:dashboard-calls runs on PostgreSQL: set DATABASE_URL');
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(`load average before: ${load()}; ${os.cpus().length} cores, ${os.cpus()[0]?.model}`);
  const { database: seeding, url } = await openBenchDatabase(baseUrl);
  await ensureFleet(seeding);
  // The project statistics job's run (as the server's first run would, but before the timing starts): the
  // days before today of the 100,000 projects and their audits, the first time from all of them.
  const rolled = performance.now();
  await rollUpProjectStats(seeding.db, ZONE);
  console.log(`project statistics job run: ${seconds(rolled)}`);
  const operatorOf = await member(seeding, 'Bench dashboard company', OPERATOR_PHONE);
  const branchOf = await member(seeding, 'Bench dashboard branch', BRANCH_PHONE);
  const followed = await seeding.db
    .selectFrom('devices')
    .select(['id', 'device_code'])
    .where(sql<boolean>`id % 50 = 0`)
    .limit(30)
    .execute();
  await seeding.close();

  const config = {
    ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', MQTT_PORT: 'off' }),
    databaseUrl: url,
    seedDemo: false,
    rateLimits: { loginPerIpPerMinute: 0, loginPerAccountPerMinute: 0, codePerIpPerMinute: 0, failuresPerMinute: 0 },
  };
  const { app, database } = await buildApp({ config });
  // The ceiling: a bare `select 1` answered by the same HTTP server (the request bypasses only Fastify's routing).
  const [fastifyHandler] = app.server.listeners('request') as Array<(...args: unknown[]) => void>;
  app.server.removeAllListeners('request');
  app.server.on('request', (request, response) => {
    if (!request.url?.startsWith('/bench/select1')) return fastifyHandler!(request, response);
    request.resume();
    void sql<{ one: number }>`select 1 as one`.execute(database.db).then(({ rows }) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ error_code: 0, objectResult: rows[0]!.one }));
    });
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const operator = { sessionid: await loginAs(app, operatorOf.phone), dealersId: operatorOf.dealersId };
    const branch = { sessionid: await loginAs(app, branchOf.phone), dealersId: branchOf.dealersId };
    for (const device of followed)
      await app.inject({
        method: 'POST',
        url: updateImportantStatus.path,
        payload: { ...operator, deviceId: device.id, isImportant: 1 },
      });
    const today = zonedDay(new Date(), ZONE);
    const daysBack = (n: number) => zonedDay(new Date(Date.now() - n * 86_400_000), ZONE);
    const range90 = { startTime: daysBack(89), endTime: today };
    const range7 = { startTime: daysBack(6), endTime: today };
    const device = followed[0]!;
    const cases: Array<[string, CallDef, Record<string, unknown>, typeof operator]> = [
      ['getDealersStats (operator, 1M devices)', getDealersStats, {}, operator],
      ['getDealersStats (level-2 branch)', getDealersStats, {}, branch],
      ['getAddDeviceByDay 90 days', getAddDeviceByDay, range90, operator],
      ['getAddDeviceByDay 7 days (branch)', getAddDeviceByDay, range7, branch],
      ['getOnlineDeviceNumber 90 days', getOnlineDeviceNumber, { ...range90, pageSize: 999 }, operator],
      ['getDeviceAuditNum 90 days', getDeviceAuditNum, range90, operator],
      ['getDeviceRatio', getDeviceRatio, {}, operator],
      ['getProjectIncreasedNum 90 days', getProjectIncreasedNum, range90, operator],
      ['getProjectAuditNum 90 days', getProjectAuditNum, range90, operator],
      [
        'getDealersProject important, page of 10',
        getDealersProject,
        { pageIndex: 1, pageSize: 10, important: 1 },
        operator,
      ],
      ['queryImportantDevice page of 10', queryImportantDevice, { pageIndex: 1 }, operator],
      ['updateImportantStatus', updateImportantStatus, { deviceId: device.id, isImportant: 1 }, operator],
      ['fault_now', faultNow, { deviceId: device.id, deviceCode: device.device_code, pageSize: 999 }, operator],
      ['getPointPosition', getPointPosition, { deviceCode: device.device_code, pageSize: 1000 }, operator],
      [
        'getAddressHistoryValue 7 days, 2 points',
        getAddressHistoryValue,
        {
          deviceCode: device.device_code,
          startTime: new Date(Date.now() - 7 * 86_400_000 + 60_000).toISOString(),
          endTime: new Date().toISOString(),
          addressList: [10, 13],
        },
        operator,
      ],
      ['queryNationInfo (provinces)', queryNationInfo, { parentId: '' }, operator],
    ];
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${base}${path}?language=en_US`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { error_code: number; error_msg?: string };
      if (answer.error_code !== 0) throw new Error(`${path} answered ${JSON.stringify(answer).slice(0, 300)}`);
      return answer;
    };
    const time = async (name: string, path: string, body: unknown): Promise<Timed> => {
      await post(path, body); // warm: the first call of a shape plans and caches
      const samples: number[] = [];
      for (let k = 0; k < RUNS; k++) {
        const started = performance.now();
        await post(path, body);
        samples.push(performance.now() - started);
      }
      return figures(name, samples);
    };
    console.log(`load average at start of timing: ${load()}`);
    const results: Timed[] = [await time('ceiling: select 1 over the same HTTP server', '/bench/select1', {})];
    for (const [name, call, payload, who] of cases) results.push(await time(name, call.path, { ...payload, ...who }));
    results.push(await time('ceiling again', '/bench/select1', {}));
    console.log(`load average after: ${load()}`);
    console.log(`\n| call | median | p95 | max |\n|---|---|---|---|`);
    for (const r of results)
      console.log(`| ${r.name} | ${r.median.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.max.toFixed(1)} ms |`);
    const over = results.filter((r) => !r.name.startsWith('ceiling') && r.p95 >= 100);
    console.log(
      over.length === 0
        ? '\nevery dashboard call: p95 under 100 ms'
        : `\np95 at or over 100 ms: ${over.map((r) => r.name).join(', ')}`,
    );
  } finally {
    await app.close();
  }
}

await main();
