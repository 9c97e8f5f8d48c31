/**
 * The pipeline driven directly (no broker): `rate` frames/s of 50 points from the fixture's devices
 * for `seconds`, each store() timed until its promise settles (durable). bench/ingest.ts prints it
 * alone; bench/ingest-mqtt.ts uses it as one of the ceilings of its run.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { localDeviceEvents } from '../apps/server/src/events/device-events.ts';
import { ingestPipeline } from '../apps/server/src/ingest/pipeline/pipeline.ts';
import { loadIngestConfig } from '../apps/server/src/ingest-config.ts';
import { startCpuMeter } from './cpu-usage.ts';
import { frameEncoder, percentile, type IngestFixture } from './ingest-fixture.ts';

const TICK_MS = 10;

export interface DirectIngest {
  settings: { batchSize: number; lanes: number };
  offered: number;
  stored: number;
  rejected: number;
  seconds: number;
  latency: { p50: number; p99: number; max: number };
  serverSeconds: number;
  /** Of serverSeconds, the bench's own encoding of the frames it feeds (not the pipeline's cost). */
  encodeSeconds: number;
  databaseSeconds: number;
}

export async function directIngest(fixture: IngestFixture, rate: number, seconds: number): Promise<DirectIngest> {
  const { codes } = fixture;
  const db = fixture.database.db;
  const settings = {
    batchSize: Number(process.env.INGEST_BATCH_SIZE ?? 500),
    batchMs: loadIngestConfig(process.env).batchMs,
    lanes: Number(process.env.INGEST_LANES ?? 2),
    maxPayloadBytes: 8192,
  };
  const pipeline = ingestPipeline({
    db,
    profiles: fixture.byCode,
    events: localDeviceEvents(),
    log: { warn: (o, m) => console.error(m, o) },
    settings,
  });
  const frame = frameEncoder();
  const latencies: number[] = [];
  let rejected = 0;
  // Every pooled connection open before the CPU meter lists the database's backends.
  if (fixture.engine === 'PostgreSQL')
    await Promise.all([1, 2, 3, 4].map(() => sql`select pg_sleep(0.05)`.execute(db)));
  const before = await countHistory(fixture);
  const cpu = await startCpuMeter(fixture.engine === 'PostgreSQL' ? db : null);
  const t0 = performance.now();
  const total = rate * seconds;
  let sent = 0;
  let encodeMicros = 0;
  const inFlight: Promise<void>[] = [];
  while (sent < total) {
    const due = Math.min(
      total,
      Math.floor(((performance.now() - t0) / 1000) * rate) + Math.ceil((rate * TICK_MS) / 1000),
    );
    // The tick's frames are encoded first, their CPU measured apart (process.cpuUsage is all threads: GC
    // during encoding counts as encoding).
    const e0 = process.cpuUsage();
    const frames: Buffer[] = [];
    for (let k = sent; k < due; k++) frames.push(frame(codes[k % codes.length]!));
    const e = process.cpuUsage(e0);
    encodeMicros += e.user + e.system;
    for (const payload of frames) {
      const code = codes[sent++ % codes.length]!;
      const s0 = performance.now();
      inFlight.push(
        pipeline.store({ deviceCode: code, payload, receivedAt: new Date() }).then(
          () => void latencies.push(performance.now() - s0),
          () => void rejected++,
        ),
      );
    }
    await new Promise((r) => setTimeout(r, TICK_MS));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - t0) / 1000;
  await pipeline.close();
  const used = cpu();
  latencies.sort((a, b) => a - b);
  return {
    settings,
    offered: total,
    stored: (await countHistory(fixture)) - before,
    rejected,
    seconds: elapsed,
    latency: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? NaN },
    ...used,
    encodeSeconds: encodeMicros / 1e6,
  };
}

export async function countHistory(fixture: IngestFixture): Promise<number> {
  const { n } = await fixture.database.db
    .selectFrom('telemetry_history')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
