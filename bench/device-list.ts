/**
 * Device list benchmark (issue 11) on PostgreSQL: 1,000,000 devices (bench/device-fleet.ts, kept in
 * the database `bench_device_list` between runs), the list call's repository function as the
 * handler runs it (page and count), scoped to the company that owns them all.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/device-list.ts
 *
 * Targets: the unfiltered first page under 20 ms, a three-condition filter with a parameter filter
 * p95 under 50 ms. BENCH_DEVICES changes the fleet size; BENCH_EXPLAIN=1 prints the plans.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { DeviceFilterCondition } from '@dcc/contract';
import { EXACT_COUNT_UP_TO } from '../apps/server/src/db/page.ts';
import { countDevicesUpTo, listDevicePage } from '../apps/server/src/modules/devices/repo.ts';
import { openFleet } from './device-fleet.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (PostgreSQL) is required');
const COUNT = Number(process.env.BENCH_DEVICES ?? 1_000_000);
const RUNS = 40;
const fleet = await openFleet(url, 'bench_device_list', COUNT);
const page = { keyword: '', sortField: 'createTime', sortOrder: 'descend', pageIndex: 1, pageSize: 10 } as const;

type Filter = { combinator: 'and' | 'or'; conditions: DeviceFilterCondition[] } | undefined;

async function timed(label: string, run: () => Promise<{ totalSize: number; totalExact: boolean }>) {
  const times: number[] = [];
  let answer = { totalSize: 0, totalExact: true };
  for (let k = 0; k < RUNS; k++) {
    const t0 = performance.now();
    answer = await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!.toFixed(1);
  const total = `${answer.totalSize}${answer.totalExact ? '' : ' (not exact)'}`;
  console.log(`${label}: totalSize ${total}; median ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms (${RUNS} runs)`);
}

/** The page with its ten-pages-ahead count, then the count bounded at EXACT_COUNT_UP_TO the console asks for after it. */
async function measure(label: string, filter: Filter) {
  const reader = { vendorParams: true };
  await timed(label, () => listDevicePage(fleet.database.db, fleet.scope, reader, { ...page, filter }, 'en-US'));
  await timed(`  bounded count (up to ${EXACT_COUNT_UP_TO})`, () =>
    countDevicesUpTo(fleet.database.db, fleet.scope, reader, { keyword: '', filter }, EXACT_COUNT_UP_TO),
  );
}

console.log(
  `PostgreSQL; ${os.cpus().length} cores, Node ${process.version}; ${COUNT} devices; load ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
await measure('unfiltered first page', undefined);
const [, , product] = fleet.productIds;
await measure('three conditions (parameter 13 > 50 on a product, ONLINE, model KF-200)', {
  combinator: 'and',
  conditions: [
    { field: 'addressData', productId: product!, address: 13, symbol: '>', value: 50 },
    { field: 'deviceStatus', symbol: '=', value: 'ONLINE' },
    { field: 'model', symbol: '=', value: 'KF-200' },
  ],
});
await measure(
  'three conditions with a fault code (E1 open, ONLINE, parameter 13 <= 20 on the product of those faults)',
  {
    combinator: 'and',
    conditions: [
      { field: 'faultCode', symbol: '=', value: 'E1' },
      { field: 'deviceStatus', symbol: '=', value: 'ONLINE' },
      { field: 'addressData', productId: fleet.productIds[0]!, address: 13, symbol: '<=', value: 20 },
    ],
  },
);
console.log(
  `load after: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
await fleet.database.close();
