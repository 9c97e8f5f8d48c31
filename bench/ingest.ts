/**
 * Ingest benchmark (issue 10): the pipeline driven directly (no broker), BENCH_RATE frames/s (default
 * 5,000) of 50 points each from BENCH_DEVICES devices (default 1,000) for BENCH_SECONDS (default 60).
 * Prints throughput, store latency (store() call to its promise settling = durable), process CPU per
 * frame, and where the time goes (decode and encode measured apart; the rest is the database write).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/ingest.ts   # PostgreSQL
 *   BENCH_SECONDS=10 node --import tsx bench/ingest.ts                                        # PGlite
 */
import { performance } from 'node:perf_hooks';
import { decodeFrame } from '@dcc/protocol';
import { sql } from 'kysely';
import { localDeviceEvents } from '../apps/server/src/events/device-events.ts';
import { ingestPipeline } from '../apps/server/src/ingest/pipeline.ts';
import { startCpuMeter } from './cpu-usage.ts';
import { frameEncoder, ingestFixture, machine, percentile, POINTS, table } from './ingest-fixture.ts';

const RATE = Number(process.env.BENCH_RATE ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const TICK_MS = 10;

const fixture = await ingestFixture(DEVICES);
const { codes } = fixture;
const db = fixture.database.db;
const settings = {
  batchSize: Number(process.env.INGEST_BATCH_SIZE ?? 500), batchMs: Number(process.env.INGEST_BATCH_MS ?? 20),
  lanes: Number(process.env.INGEST_LANES ?? 2), maxPayloadBytes: 8192,
};
const pipeline = ingestPipeline({ db, profiles: fixture.byCode, events: localDeviceEvents(), log: { warn: (o, m) => console.error(m, o) }, settings });
const frame = frameEncoder();

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
// Every pooled connection open before the CPU meter lists the database's backends.
if (fixture.engine === 'PostgreSQL') await Promise.all([1, 2, 3, 4].map(() => sql`select pg_sleep(0.05)`.execute(db)));
const cpu = await startCpuMeter(fixture.engine === 'PostgreSQL' ? db : null);
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
await pipeline.close();
const used = cpu();
latencies.sort((a, b) => a - b);
const pct = (p: number) => percentile(latencies, p).toFixed(0);
const { count } = await db.selectFrom('telemetry_history').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
console.log(`${fixture.engine}; ${machine()}`);
console.log(`offered ${RATE} frames/s x ${POINTS} points for ${SECONDS} s from ${DEVICES} devices (batches of ${settings.batchSize}, ${settings.lanes} lanes); stored ${count} history rows, ${failed} rejected`);
console.log(`throughput ${Math.round(total / seconds)} frames/s = ${Math.round((total * POINTS) / seconds)} values/s over ${seconds.toFixed(1)} s`);
console.log(`store latency p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms`);
console.log(`CPU per frame: this process ${((used.serverSeconds * 1e6) / total).toFixed(0)} µs (${((100 * used.serverSeconds) / seconds).toFixed(0)}% of one core), database backends ${((used.databaseSeconds * 1e6) / total).toFixed(0)} µs${fixture.engine === 'PGlite' ? ' (PGlite runs inside this process)' : ''}`);
console.log(`of which encode (the load generator) ${encodeUs.toFixed(1)} µs, decode ${decodeUs.toFixed(1)} µs; the rest is batching, SQL text building and the driver`);
await fixture.close();
