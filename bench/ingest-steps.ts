/**
 * Where the ingest's time goes, statement by statement (PostgreSQL only): the pipeline driven
 * directly at BENCH_RATE frames/s (default 5,000) of 50 points from BENCH_DEVICES devices (default
 * 1,000) for BENCH_SECONDS (default 10), over a Kysely that logs every query's duration. Prints, per
 * statement kind, how many ran, their total and mean time, and their share of the measured time.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/ingest-steps.ts
 */
import { performance } from 'node:perf_hooks';
import { decodeFrame } from '@dcc/protocol';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../apps/server/src/db/schema.ts';
import { localDeviceEvents } from '../apps/server/src/events/device-events.ts';
import { ingestPipeline } from '../apps/server/src/ingest/pipeline/pipeline.ts';
import { frameEncoder, ingestFixture, machine, table } from './ingest-fixture.ts';

const RATE = Number(process.env.BENCH_RATE ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const TICK_MS = 10;

const fixture = await ingestFixture(DEVICES);
if (!fixture.url) throw new Error('bench/ingest-steps.ts needs DATABASE_URL (PostgreSQL)');

const steps = new Map<string, { count: number; ms: number }>();
const stepOf = (text: string): string => {
  const s = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const target = /^(insert into|update|select .*? from|create table if not exists|delete from|copy) ([a-z_]+)/.exec(s);
  return target ? `${target[1]!.split(' ')[0]} ${target[2]}` : s.slice(0, 30);
};
const pool = new pg.Pool({ connectionString: fixture.url, max: 4 });
const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    const step = stepOf(event.query.sql);
    const s = steps.get(step) ?? { count: 0, ms: 0 };
    s.count++;
    s.ms += event.queryDurationMillis;
    steps.set(step, s);
  },
});
const pipeline = ingestPipeline({
  db,
  profiles: fixture.byCode,
  events: localDeviceEvents(),
  log: { warn: (o, m) => console.error(m, o) },
  settings: {
    batchSize: Number(process.env.INGEST_BATCH_SIZE ?? 500),
    batchMs: Number(process.env.INGEST_BATCH_MS ?? 20),
    maxPayloadBytes: 8192,
  },
});

const frame = frameEncoder();
const sample = Array.from({ length: 5000 }, (_, k) => frame(fixture.codes[k % fixture.codes.length]!));
const d0 = performance.now();
for (const f of sample) decodeFrame(f, table, { current: new Map() });
const decodeUs = ((performance.now() - d0) * 1000) / sample.length;

const t0 = performance.now();
const total = RATE * SECONDS;
const stored: Promise<void>[] = [];
for (let sent = 0; sent < total;) {
  const due = Math.min(
    total,
    Math.floor(((performance.now() - t0) / 1000) * RATE) + Math.ceil((RATE * TICK_MS) / 1000),
  );
  for (; sent < due; sent++) {
    const code = fixture.codes[sent % fixture.codes.length]!;
    stored.push(pipeline.store({ deviceCode: code, payload: frame(code), receivedAt: new Date() }));
  }
  await new Promise((r) => setTimeout(r, TICK_MS));
}
await Promise.all(stored);
await pipeline.close();
const seconds = (performance.now() - t0) / 1000;
const measured = [...steps.values()].reduce((sum, s) => sum + s.ms, 0);
console.log(`${fixture.engine}; ${machine()}`);
console.log(
  `${total} frames from ${DEVICES} devices in ${seconds.toFixed(1)} s = ${Math.round(total / seconds)} frames/s; decode ${decodeUs.toFixed(1)} µs per frame (${((decodeUs * total) / 1000).toFixed(0)} ms in all)`,
);
console.log('| statement | runs | total ms | mean ms | share of statement time |');
console.log('|---|---|---|---|---|');
for (const [step, s] of [...steps].sort((a, b) => b[1].ms - a[1].ms)) {
  console.log(
    `| ${step} | ${s.count} | ${s.ms.toFixed(0)} | ${(s.ms / s.count).toFixed(2)} | ${((100 * s.ms) / measured).toFixed(0)}% |`,
  );
}
const { rows: tables } = await sql<Record<string, unknown>>`
  select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_dead_tup, pg_size_pretty(pg_total_relation_size(relid)) as size
  from pg_stat_user_tables where relname in ('device_values', 'devices') or relname like 'raw_packets_%' or relname like 'telemetry_history_%'`.execute(
  db,
);
console.table(tables);
await db.destroy();
await fixture.close();
