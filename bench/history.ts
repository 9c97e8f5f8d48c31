/**
 * Point history benchmark (issue 10): one device, 4 points, 7 days at 30 s resolution (20,160 frames
 * of the demo heat pump's 16 points, stored through the ingest pipeline), then the history query of
 * the read call (modules/telemetry/history-repo.ts). Target: under 100 ms.
 *
 *   node --import tsx bench/history.ts                                                        # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/history.ts   # PostgreSQL
 *
 * Other devices' rows sit in the same partitions (BENCH_OTHER_DEVICES, default 20, same rate), as in production.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedCatalogDemo } from '../apps/server/src/db/seed/catalog-demo.ts';
import { deviceInScope } from '../apps/server/src/modules/devices/index.ts';
import { pointHistory } from '../apps/server/src/modules/telemetry/history-repo.ts';
import { newDealer } from '../apps/server/test/factories.ts';
import { demoDevice, demoReport, testPipeline } from '../apps/server/test/ingest-setup.ts';
import { testScope } from '../apps/server/test/scope.ts';
import { createScratchDatabase } from '../apps/server/test/test-database.ts';

const OTHERS = Number(process.env.BENCH_OTHER_DEVICES ?? 20);
const STEP_MS = 30_000;
const FRAMES = (7 * 86_400_000) / STEP_MS;
const url = process.env.DATABASE_URL ?? null;
const scratch = url ? await createScratchDatabase(url) : null;
const database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolSize: 4 });
await migrate(database);
await seedCatalogDemo(database.db);
const db = database.db;
const dealer = await newDealer(db, { level: 0 });
const devices = [await demoDevice(db, dealer)];
for (let k = 0; k < OTHERS; k++) devices.push(await demoDevice(db, dealer));

const end = Date.now();
const start = end - FRAMES * STEP_MS;
const { pipeline, store } = testPipeline(db, { batchSize: 1000, batchMs: 5 });
const t0 = performance.now();
for (let k = 0; k < FRAMES; k += 500) {
  const writes: Promise<void>[] = [];
  for (let j = k; j < Math.min(FRAMES, k + 500); j++) {
    const at = new Date(start + j * STEP_MS);
    for (const d of devices)
      writes.push(store(d.code, demoReport(d.code, j % 65536, { 13: Math.round(Math.sin(j / 100) * 100) / 10 }), at));
  }
  await Promise.all(writes);
}
await pipeline.close();
console.log(`${url ? 'PostgreSQL' : 'PGlite'}; ${os.cpus().length} cores, Node ${process.version}`);
console.log(
  `stored ${FRAMES * devices.length} frames (${devices.length} devices x ${FRAMES}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const measured = await deviceInScope(db, await testScope(db, dealer), { id: devices[0]!.id });
const times: number[] = [];
let answered = 0;
for (let run = 0; run < 11; run++) {
  const q0 = performance.now();
  const history = await pointHistory(db, measured, [3, 10, 13, 19], new Date(start), new Date(end));
  times.push(performance.now() - q0);
  answered = history.times.length;
}
times.sort((a, b) => a - b);
if (process.env.BENCH_EXPLAIN) {
  const { sql } = await import('kysely');
  const plan = await sql<{
    'QUERY PLAN': string;
  }>`explain (analyze, buffers) select at, point_values[array_position(addresses, 3)] from telemetry_history where device_id = ${devices[0]!.id} and at between ${new Date(start).toISOString()}::timestamptz and ${new Date(end).toISOString()}::timestamptz`.execute(
    db,
  );
  console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
}
console.log(
  `history of 1 device, 4 points, 7 days at 30 s: ${answered} times; median ${times[5]!.toFixed(1)} ms, max ${times[10]!.toFixed(1)} ms (11 runs, first included)`,
);
await database.close();
await scratch?.drop();
