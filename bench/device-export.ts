/**
 * Device export benchmark (issue 11) on PostgreSQL: the export job of the device list writes the
 * 100,000 devices of one product of the 1,000,000-device fleet (bench/device-fleet.ts) to .xlsx;
 * measures the time to done and this process's peak RSS (sampled every 50 ms) while it writes. Jobs
 * and files are kept in the database (migration 029); the file is read back through the download.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/device-export.ts
 *
 * Targets: under 20 s, memory under 300 MB. BENCH_VERIFY=1 reads the file back and counts its rows.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import * as XLSX from '@e965/xlsx';
import { DEFAULT_TIME_ZONE, type DeviceListQuery } from '@dcc/contract';
import { ExportJobs } from '../apps/server/src/modules/device-list/export-jobs.ts';
import { deviceExportWork } from '../apps/server/src/modules/device-list/export-workbook.ts';
import { openFleet } from './device-fleet.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (PostgreSQL) is required');
const fleet = await openFleet(url, 'bench_device_list', Number(process.env.BENCH_DEVICES ?? 1_000_000));
const jobs = new ExportJobs(fleet.database.db, { log: { warn: (obj, msg) => console.warn(msg, obj) } });
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(
  `PostgreSQL; ${os.cpus().length} cores, Node ${process.version}; ${fleet.count} devices; load ${load()}; RSS before ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`,
);

let peak = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}, 50);
const t0 = performance.now();
const query: DeviceListQuery = {
  keyword: '',
  sortField: 'createTime',
  sortOrder: 'descend',
  filter: { combinator: 'and', conditions: [{ field: 'productId', symbol: '=', value: fleet.productIds[0]! }] },
};
const reader = { locale: 'zh-CN', timeZone: DEFAULT_TIME_ZONE } as const;
const { jobId, totalRows } = await jobs.start(
  fleet.scope,
  fleet.benchUserId,
  reader,
  deviceExportWork(fleet.database.db, { ...reader, scope: fleet.scope, reader: { vendorParams: true }, query }),
);
const counted = performance.now() - t0;
const userId = fleet.benchUserId;
let job = (await jobs.find(jobId, userId, fleet.scope.dealerId))!;
let lastReport = 0;
while (job.state === 'running') {
  await new Promise((resolve) => setTimeout(resolve, 50));
  job = (await jobs.find(jobId, userId, fleet.scope.dealerId))!;
  if (performance.now() - lastReport > 2000) {
    lastReport = performance.now();
    console.log(`  progress ${job.writtenRows} / ${job.totalRows}`);
  }
}
const seconds = (performance.now() - t0) / 1000;
clearInterval(sampler);
const file = (await jobs.take(jobId))!;
const size = file.fileBytes;
console.log(
  `export of ${totalRows} devices: ${job.state} in ${seconds.toFixed(1)} s (count ${counted.toFixed(0)} ms); ${(size / 2 ** 20).toFixed(1)} MB file; peak RSS ${(peak / 2 ** 20).toFixed(0)} MB (heap used ${(peakHeap / 2 ** 20).toFixed(0)} MB); load ${load()}`,
);
const parts: Buffer[] = [];
for await (const part of file.parts) parts.push(part);
if (process.env.BENCH_VERIFY) {
  const rows = XLSX.utils.sheet_to_json(XLSX.read(Buffer.concat(parts), { type: 'buffer' }).Sheets['设备']!, {
    header: 1,
  });
  console.log(`read back: ${rows.length - 1} data rows`);
}
await jobs.close();
await fleet.database.close();
