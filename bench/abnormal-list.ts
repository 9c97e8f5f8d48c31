/**
 * Abnormal-device list benchmark (abnormalDeviceManage, B205) on PostgreSQL: 1,000,000 devices
 * (bench/device-fleet.ts, kept in the database `bench_device_list`), all offline since January 2026 and
 * so all long offline, and 5,000 of them with refusal counters (seeded here by SQL when missing). Runs
 * the list call's repository function as the handler does (page and count), scoped to the fleet's company.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/abnormal-list.ts
 *
 * The console's call timeout is 5 s; a page should answer well inside it. BENCH_DEVICES changes the fleet size, BENCH_RUNS the runs per case (40).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { abnormalPage, type AbnormalFilter } from '../apps/server/src/modules/device-faults/abnormal-repo.ts';
import { openFleet } from './device-fleet.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (PostgreSQL) is required');
const COUNT = Number(process.env.BENCH_DEVICES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const REFUSING_DEVICES = 5_000;
const fleet = await openFleet(url, 'bench_device_list', COUNT);
const db = fleet.database.db;

// Every 200th device refused malformed frames in March; every 400th was also throttled.
await sql`
  insert into ingest_refusals (device_code, reason, count, first_at, last_at)
  select dv.device_code, code.reason, 3 + dv.id % 50, timestamptz '2026-03-01', timestamptz '2026-03-01' + (dv.id % 10000) * interval '1 minute'
  from devices dv cross join (values ('frame.crc', 200), ('link.publishThrottled', 400)) as code(reason, every)
  where dv.id % code.every = 0 and dv.id <= ${REFUSING_DEVICES * 200}
  on conflict do nothing`.execute(db);
await sql`analyze ingest_refusals`.execute(db);

async function measure(label: string, filter: Partial<AbnormalFilter>) {
  const times: number[] = [];
  let answer: Awaited<ReturnType<typeof abnormalPage>> | undefined;
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    answer = await abnormalPage(
      db,
      fleet.scope,
      'en-US',
      { keyword: '', reason: '', ...filter },
      { limit: 10, offset: 0 },
    );
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1);
  console.log(
    `${label}: totalSize ${answer?.totalSize} (${answer?.totalExact ? 'exact' : 'more than'}), ${answer?.list.length} rows; median ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms (${RUNS} runs)`,
  );
}

console.log(
  `PostgreSQL; ${os.cpus().length} cores, Node ${process.version}; ${COUNT} devices; load ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
await measure('first page, all reasons', {});
await measure('reason longOffline', { reason: 'longOffline' });
await measure('reason malformed (5,000 refusing devices)', { reason: 'malformed' });
await measure('keyword "Device 12345"', { keyword: 'Device 12345' });
console.log(
  `load after: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
await fleet.database.close();
