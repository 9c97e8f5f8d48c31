/**
 * Ingest benchmark (issue 10): the pipeline driven directly (no broker), BENCH_RATE frames/s (default
 * 5,000) of 50 points each from BENCH_DEVICES devices (default 1,000) for BENCH_SECONDS (default 60).
 * Prints throughput, store latency (store() call to its promise settling = durable), process CPU per
 * frame, and where the time goes (decode and encode measured apart; the rest is the database write).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:ingest   # PostgreSQL
 *   BENCH_SECONDS=10 npm run bench:ingest                                        # PGlite
 */
import { performance } from 'node:perf_hooks';
import { decodeFrame } from '@dcc/protocol';
import { directIngest } from './ingest-direct.ts';
import { frameEncoder, ingestFixture, machine, POINTS, table } from './ingest-fixture.ts';

const RATE = Number(process.env.BENCH_RATE ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);

const fixture = await ingestFixture(DEVICES);
const { codes } = fixture;
const frame = frameEncoder();

// Encode and decode cost apart, for "where the time goes".
const sample = Array.from({ length: 5000 }, (_, k) => frame(codes[k % codes.length]!));
let e0 = performance.now();
for (let k = 0; k < 5000; k++) frame(codes[k % codes.length]!);
const encodeUs = ((performance.now() - e0) * 1000) / 5000;
e0 = performance.now();
for (const f of sample) decodeFrame(f, table, { current: new Map() });
const decodeUs = ((performance.now() - e0) * 1000) / 5000;

const run = await directIngest(fixture, RATE, SECONDS);
const { offered, seconds } = run;
console.log(`${fixture.engine}; ${machine()}`);
console.log(
  `offered ${RATE} frames/s x ${POINTS} points for ${SECONDS} s from ${DEVICES} devices (batches of ${run.settings.batchSize}, ${run.settings.lanes} lanes); stored ${run.stored} history rows, ${run.rejected} rejected`,
);
console.log(
  `throughput ${Math.round(offered / seconds)} frames/s = ${Math.round((offered * POINTS) / seconds)} values/s over ${seconds.toFixed(1)} s`,
);
console.log(
  `store latency p50 ${run.latency.p50.toFixed(0)} ms, p99 ${run.latency.p99.toFixed(0)} ms, max ${run.latency.max.toFixed(0)} ms`,
);
console.log(
  `CPU per frame: this process ${((run.serverSeconds * 1e6) / offered).toFixed(0)} µs (${((100 * run.serverSeconds) / seconds).toFixed(0)}% of one core; the pipeline ${(((run.serverSeconds - run.encodeSeconds) * 1e6) / offered).toFixed(0)} µs without the bench's encoding), database backends ${((run.databaseSeconds * 1e6) / offered).toFixed(0)} µs${fixture.engine === 'PGlite' ? ' (PGlite runs inside this process)' : ''}`,
);
console.log(
  `of which encode (the load generator) ${encodeUs.toFixed(1)} µs, decode ${decodeUs.toFixed(1)} µs; the rest is batching, SQL text building and the driver`,
);
await fixture.close();
