/**
 * Log search benchmark (issue 22) on PostgreSQL: 50,000,000 communication-log rows (raw packets) and
 * 6,000,000 API call log rows over 30 days for a fleet of 5,000 devices (bench/log-volume.ts, database
 * `bench_logs`, dropped at the end unless BENCH_KEEP=1). Through the real repositories as the calls run
 * them (device found in scope, then page and count):
 * - a one-device one-day communication-log search, target p95 under 100 ms;
 * - a 15-day API call log search with an operator filter, target p95 under 200 ms;
 * each beside its ceiling: a bare indexed select of the same page on the same data.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:log-search
 *
 * BENCH_PACKETS, BENCH_API_CALLS, BENCH_DEVICES and BENCH_RUNS (default 60) change the sizes.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import { apiLogPage } from '../apps/server/src/modules/logs/api-log-repo.ts';
import { devicePacketsInRange } from '../apps/server/src/modules/logs/packet-repo.ts';
import { findDeviceInScope } from '../apps/server/src/modules/devices/index.ts';
import { openFleet } from './device-fleet.ts';
import { lastDays, operatorPhone, seedLogVolume } from './log-volume.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (PostgreSQL) is required');
const NAME = 'bench_logs';
const DEVICES = Number(process.env.BENCH_DEVICES ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const volume = {
  days: lastDays(30),
  packets: Number(process.env.BENCH_PACKETS ?? 50_000_000),
  apiCalls: Number(process.env.BENCH_API_CALLS ?? 6_000_000),
};
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

console.log(
  `PostgreSQL; ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}; load ${load()}`,
);
const fleet = await openFleet(url, NAME, DEVICES);
const db = fleet.database.db;
try {
  const devices = await db.selectFrom('devices').select(['id', 'device_code']).orderBy('id').execute();
  const dealers = await db.selectFrom('dealers').select('id').where('path', 'like', `${fleet.scope.path}%`).execute();
  const seedStarted = Date.now();
  if (
    await seedLogVolume(
      db,
      volume,
      devices.map((device) => device.id),
      dealers.map((dealer) => dealer.id),
    )
  )
    console.log(
      `[seed] ${volume.packets} packets, ${volume.apiCalls} API calls in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
    );
  const held = await sql<{ packets: string; calls: string }>`
    select (select sum(reltuples)::bigint from pg_class c join pg_inherits i on i.inhrelid = c.oid where i.inhparent = 'raw_packets'::regclass) as packets,
      (select sum(reltuples)::bigint from pg_class c join pg_inherits i on i.inhrelid = c.oid where i.inhparent = 'api_call_log'::regclass) as calls`.execute(
    db,
  );
  console.log(
    `held (planner estimates): ${held.rows[0]!.packets} packets, ${held.rows[0]!.calls} API calls; load ${load()}`,
  );

  // A different device, day or operator each run (a pseudo-random walk, the same in every run of the bench).
  const pick = (k: number, n: number) => (k * 7_919 + 13) % n;
  const dayOfRun = (k: number) => volume.days[pick(k, volume.days.length)]!;
  const deviceOfRun = (k: number) => devices[pick(k * 31, devices.length)]!;

  async function timed(label: string, run: (k: number) => Promise<number>) {
    const times: number[] = [];
    let rows = 0;
    for (let k = 0; k < RUNS; k++) {
      const t0 = performance.now();
      rows = await run(k);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1);
    console.log(`${label}: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms (${RUNS} runs; last answer ${rows})`);
  }

  const page = { limit: 10, offset: 0 };
  await timed('communication log, one device, one day (find in scope, page of 10, count)', async (k) => {
    const day = dayOfRun(k);
    const device = await findDeviceInScope(db, fleet.scope, { code: deviceOfRun(k).device_code });
    if (!device) throw new Error('bench device not found');
    const search = { startTime: `${day}T00:00:00.000Z`, endTime: `${day}T23:59:59.999Z`, direction: '' as const };
    const answer = await devicePacketsInRange(db, device, { ...search, deviceCode: device.code }, page);
    if (answer.list.length !== Math.min(10, answer.totalSize) || answer.totalSize === 0)
      throw new Error(`expected a full page, got ${answer.list.length}`);
    return answer.totalSize;
  });
  await timed('  ceiling: bare indexed select of the page', async (k) => {
    const day = dayOfRun(k);
    const { rows } = await sql`
      select device_id, at, direction, payload, kind, refusal from raw_packets
      where device_id = ${deviceOfRun(k).id} and day = ${day}::date
        and at >= ${`${day}T00:00:00.000Z`}::timestamptz and at <= ${`${day}T23:59:59.999Z`}::timestamptz
      order by at desc limit 10`.execute(db);
    return rows.length;
  });

  const lastDay = volume.days.at(-1)!;
  const firstDay = volume.days.at(-15)!;
  const timeZone = 'UTC';
  const operatorOfRun = (k: number) => operatorPhone(pick(k, 200));
  await timed(`API call log, 15 days (${firstDay} to ${lastDay}), operator filter (page of 10, count)`, async (k) => {
    const search = {
      startDate: firstDay,
      endDate: lastDay,
      operator: operatorOfRun(k),
      interfaceName: '',
      outcome: '' as const,
    };
    const answer = await apiLogPage(db, fleet.scope, search, { timeZone, locale: 'en-US', ...page });
    if (answer.list.length !== Math.min(10, answer.totalSize) || answer.totalSize === 0)
      throw new Error(`expected a full page, got ${answer.list.length}`);
    return answer.totalSize;
  });
  await timed('  the same with part of the phone (its last 6 digits)', async (k) => {
    const search = {
      startDate: firstDay,
      endDate: lastDay,
      operator: operatorOfRun(k).slice(-6),
      interfaceName: '',
      outcome: '' as const,
    };
    const answer = await apiLogPage(db, fleet.scope, search, { timeZone, locale: 'en-US', ...page });
    return answer.totalSize;
  });
  await timed('  ceiling: bare indexed select of the page', async (k) => {
    const { rows } = await sql`
      select id, request_id, operator_phone, operator_email, ip, at, interface_name, params, outcome_code, duration_ms
      from api_call_log where operator_phone = ${operatorOfRun(k)} and day >= ${firstDay}::date and day <= ${lastDay}::date
      order by at desc limit 10`.execute(db);
    return rows.length;
  });
  if (process.env.BENCH_EXPLAIN) {
    const plan = await sql<{ 'QUERY PLAN': string }>`explain analyze select count(*) from api_call_log
      where day >= ${firstDay}::date and day <= ${lastDay}::date and (operator_phone ilike ${'%' + operatorPhone(42) + '%'} or operator_email ilike ${'%' + operatorPhone(42) + '%'})`.execute(
      db,
    );
    console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  console.log(`load average after: ${load()}`);
} finally {
  await fleet.database.close();
  if (!process.env.BENCH_KEEP) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${NAME} with (force)`);
    await admin.end();
    console.log(`dropped database ${NAME} (BENCH_KEEP=1 keeps it for another run)`);
  }
}
