/**
 * Ingest benchmark (issue 10): the pipeline driven directly (no broker), BENCH_RATE frames/s (default
 * 5,000) of 50 points each from BENCH_DEVICES devices (default 1,000) for BENCH_SECONDS (default 60).
 * Prints throughput, store latency (store() call to its promise settling = durable), process CPU per
 * frame, and where the time goes (decode and encode measured apart; the rest is the database write).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/ingest.ts   # PostgreSQL
 *   BENCH_SECONDS=10 node --import tsx bench/ingest.ts                                        # PGlite
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { compileTable, decodeFrame, encodeReport, type PointDef } from '@dcc/protocol';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { localDeviceEvents } from '../apps/server/src/events/device-events.ts';
import type { DeviceProfile, DeviceProfiles } from '../apps/server/src/ingest/device-profiles.ts';
import { ingestPipeline } from '../apps/server/src/ingest/pipeline.ts';
import { newDealer, newDevice, newProduct } from '../apps/server/test/factories.ts';
import { createScratchDatabase } from '../apps/server/test/test-database.ts';

const RATE = Number(process.env.BENCH_RATE ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const POINTS = 50;
const TICK_MS = 10;

const points: PointDef[] = Array.from({ length: POINTS }, (_, k) => ({ address: k + 1, code: `p${k + 1}`, name: `P${k + 1}`, mode: 'R', byteLength: 2, dataType: 'signed x0.1', unit: '°C' }));
const compiled = compileTable(points);
if (!compiled.ok) throw new Error('table');
const table = compiled.table;

const url = process.env.DATABASE_URL ?? null;
const scratch = url ? await createScratchDatabase(url) : null;
const database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolSize: 4 });
await migrate(database);
const db = database.db;
const dealer = await newDealer(db, { level: 0 });
const product = await newProduct(db);
const box = { seal: (s: string) => Buffer.from(s) };
const profiles = new Map<string, DeviceProfile>();
for (let k = 0; k < DEVICES; k++) {
  const id = await newDevice(db, dealer, box, product);
  const { device_code } = await db.selectFrom('devices').select('device_code').where('id', '=', id).executeTakeFirstOrThrow();
  profiles.set(device_code, { deviceId: id, deviceCode: device_code, dealerId: dealer, productId: product, messageType: 'pm', versionId: '1', table });
}
const codes = [...profiles.keys()];
const byCode: DeviceProfiles = { get: async (code) => profiles.get(code), forget: () => {} };
const pipeline = ingestPipeline({
  db, profiles: byCode, events: localDeviceEvents(), log: { warn: (o, m) => console.error(m, o) },
  settings: { batchSize: Number(process.env.INGEST_BATCH_SIZE ?? 1000), batchMs: Number(process.env.INGEST_BATCH_MS ?? 20), maxQueue: 200_000, maxPayloadBytes: 8192 },
});

let seq = 0;
const frame = (code: string) => {
  seq = (seq + 1) % 65536;
  const r = encodeReport(code, points.map((p, k) => ({ address: p.address, value: ((seq + k) % 500) / 10 })), table, { seq });
  if (!r.ok) throw new Error(r.error.message);
  return Buffer.from(r.bytes);
};

// Encode and decode cost apart, for "where the time goes".
const sample = Array.from({ length: 5000 }, (_, k) => frame(codes[k % codes.length]!));
let e0 = performance.now();
for (let k = 0; k < 5000; k++) frame(codes[k % codes.length]!);
const encodeUs = ((performance.now() - e0) * 1000) / 5000;
e0 = performance.now();
for (const f of sample) decodeFrame(f, table, { current: new Map() });
const decodeUs = ((performance.now() - e0) * 1000) / 5000;

const latencies: number[] = [];
let failed = 0;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const total = RATE * SECONDS;
let sent = 0;
const inFlight: Promise<void>[] = [];
while (sent < total) {
  const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * RATE) + Math.ceil((RATE * TICK_MS) / 1000));
  for (; sent < due; sent++) {
    const code = codes[sent % codes.length]!;
    const s0 = performance.now();
    inFlight.push(pipeline.store({ deviceCode: code, payload: frame(code), receivedAt: new Date() }).then(() => void latencies.push(performance.now() - s0), () => void failed++));
  }
  await new Promise((r) => setTimeout(r, TICK_MS));
}
await Promise.all(inFlight);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
await pipeline.close();
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(0);
const cpuUsPerFrame = (cpu.user + cpu.system) / total;
const { count } = await db.selectFrom('telemetry_history').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
console.log(`${url ? 'PostgreSQL' : 'PGlite'}; ${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}`);
console.log(`offered ${RATE} frames/s x ${POINTS} points for ${SECONDS} s from ${DEVICES} devices; stored ${count} history rows, ${failed} rejected`);
console.log(`throughput ${Math.round(total / seconds)} frames/s = ${Math.round((total * POINTS) / seconds)} values/s over ${seconds.toFixed(1)} s`);
console.log(`store latency p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms`);
console.log(`server process CPU ${cpuUsPerFrame.toFixed(0)} µs per frame (${((cpu.user + cpu.system) / 1e4 / seconds).toFixed(0)}% of one core; the database's own CPU is not in it)`);
console.log(`of which encode (the load generator) ${encodeUs.toFixed(1)} µs, decode ${decodeUs.toFixed(1)} µs; the rest is batching, SQL text building and the driver`);
await database.close();
await scratch?.drop();
