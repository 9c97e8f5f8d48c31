/**
 * Ingest over MQTT (issue 10's figure): the server (buildApp: embedded broker, the real ingest
 * pipeline) in this process; a fleet of BENCH_DEVICES signed-in devices (default 1,000) in a child
 * process, publishing QoS 1 report frames of 50 points at BENCH_RATE frames/s in all (default 5,000)
 * for BENCH_SECONDS (default 60), on the same machine.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:ingest-mqtt
 *   BENCH_SECONDS=20 npm run bench:ingest-mqtt                       # PGlite
 *
 * The fleet is lean `mqtt` clients sending frames made by the protocol package's encoder, not the
 * simulator: the simulator's physics and scheduling per device would take a core of their own at
 * this rate on a 2-core machine, and the load generator must not starve the server it measures.
 * Measured: publish to PUBACK (the broker acknowledges after the commit), and publish to queryable:
 * for 20 probe devices the child polls their history rows (a reader on its own connection) and takes
 * the time from publish until the row is readable. The device profiles are the fixture's (the
 * 50-point table in memory): everything else (sign-in, broker, pipeline, partitions) is the server's.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { serverSink } from '../apps/server/src/ingest/sink.ts';
import { secretBox } from '../apps/server/src/modules/devices/secret-box.ts';
import { startCpuMeter } from './cpu-usage.ts';
import { ingestFixture, machine, POINTS } from './ingest-fixture.ts';
import { type FleetOrder, type FleetReport, type ProbePublish } from './ingest-mqtt-fleet.ts';
import { forkFleet, POLL_MS, probeWatch } from './ingest-probes.ts';

const RATE = Number(process.env.BENCH_RATE ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const PROBES = 20;

async function main(): Promise<void> {
  const base = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', SEED_DEMO: 'false', MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', DEVICE_CONNECTS_PER_MINUTE: '100' });
  const box = secretBox(base.deviceSecretKey);
  const fixture = await ingestFixture(DEVICES, { secret: (s) => box.seal(s) });
  const db = fixture.database.db;
  await db.updateTable('devices').set({ activated_at: new Date(), status: 'OFFLINE' }).execute();
  const config = { ...base, databaseUrl: fixture.url };
  const { app, deviceSide } = await buildApp({
    config, database: fixture.database, announce: process.stderr,
    // The server's sink with the fixture's profiles (the 50-point table without a catalog entry).
    sink: (deps) => serverSink({ ...deps, profiles: fixture.byCode }),
  });
  const rows = await db.selectFrom('devices').select(['id', 'device_code', 'secret_box']).orderBy('id').execute();
  const devices = rows.map((r) => ({ id: r.id, code: r.device_code, secret: box.open(r.secret_box) }));

  const { child, message } = forkFleet();
  const order: FleetOrder = {
    kind: 'run', port: deviceSide.mqttPort!, devices, rate: RATE, seconds: SECONDS,
    probes: devices.filter((_, k) => k % Math.max(1, Math.floor(DEVICES / PROBES)) === 0).slice(0, PROBES).map((d) => d.id),
    databaseUrl: fixture.url, engine: fixture.engine,
  };
  const connected = message('connected');
  child.send(order);
  await connected;
  const probes = probeWatch(db);
  child.on('message', (m: ProbePublish | { kind: string }) => {
    if (m.kind === 'probe') probes.published(m as ProbePublish);
  });
  const t0 = Date.now();
  const cpu = await startCpuMeter(fixture.engine === 'PostgreSQL' ? db : null);
  let rss = 0;
  const sampler = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 500);
  const counted = db.selectFrom('telemetry_history').select((eb) => eb.fn.countAll<string>().as('n'));
  const before = Number((await counted.executeTakeFirstOrThrow()).n);
  const report = await message<FleetReport>('report');
  const queryable = await probes.finish();
  const used = cpu();
  const seconds = (Date.now() - t0) / 1000;
  clearInterval(sampler);
  const stored = Number((await counted.executeTakeFirstOrThrow()).n) - before;

  console.log(`${fixture.engine}; ${machine()}`);
  console.log(`offered ${RATE} frames/s x ${POINTS} points, QoS 1, for ${SECONDS} s from ${DEVICES} devices (INGEST_BATCH_SIZE ${config.ingest.batchSize}, INGEST_LANES ${config.ingest.lanes})`);
  console.log(`published ${report.published} (${Math.round(report.published / report.publishSeconds)} frames/s over ${report.publishSeconds.toFixed(1)} s), acknowledged ${report.acked}, stored ${stored} history rows`);
  console.log(`sustained ${Math.round(stored / seconds)} frames/s = ${Math.round((stored * POINTS) / seconds)} values/s (stored rows over ${seconds.toFixed(1)} s from the first publish to the last acknowledgement)`);
  console.log(`publish to PUBACK p50 ${report.ack.p50.toFixed(0)} ms, p99 ${report.ack.p99.toFixed(0)} ms, max ${report.ack.max.toFixed(0)} ms`);
  console.log(`publish to queryable (${queryable.samples} frames of ${PROBES} probe devices, ${queryable.unseen} never seen; history polled every ${POLL_MS} ms) p50 ${queryable.p50.toFixed(0)} ms, p99 ${queryable.p99.toFixed(0)} ms, max ${queryable.max.toFixed(0)} ms`);
  console.log(`CPU per stored frame: server process ${((used.serverSeconds * 1e6) / stored).toFixed(0)} µs (${((100 * used.serverSeconds) / seconds).toFixed(0)}% of one core), database backends ${((used.databaseSeconds * 1e6) / stored).toFixed(0)} µs${fixture.engine === 'PGlite' ? ' (PGlite is inside the server process)' : ''}; fleet process ${report.cpuSeconds.toFixed(1)} s`);
  console.log(`server RSS max ${(rss / 2 ** 20).toFixed(0)} MB`);
  child.send({ kind: 'end' } satisfies FleetOrder);
  await app.close();
  await fixture.close();
}

await main();
