import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import type { DemoFleetRun } from './ingest/demo-fleet-runner.ts';
import { holdDataDir } from './operations/backup/data-dir-lock.ts';
import { stopOnSignals } from './operations/shutdown.ts';
import { readyLine } from './ready-line.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A refused configuration (e.g. the logging SMS sender on a production database) stops the start.
  process.stderr.write(`The server does not start: ${(error as Error).message}\n`);
  process.exit(1);
}
let built: Awaited<ReturnType<typeof buildApp>>;
try {
  built = await buildApp({ config });
} catch (error) {
  // E.g. the MQTT port is taken: the message names the port and the variable to set.
  process.stderr.write(`The server does not start: ${(error as Error).message}\n`);
  process.exit(1);
}
const { app, database, deviceSide } = built;
// npm run backup / restore refuse to touch an embedded database while this process holds it.
const releaseDataDir = config.dataDir && !config.databaseUrl ? holdDataDir(config.dataDir) : () => undefined;
let fleet: DemoFleetRun | null = null;

// Calls in flight answered, ingest batches stored, device connections closed, then the database (app.ts onClose).
stopOnSignals({
  log: app.log,
  timeoutMs: config.operations.shutdownTimeoutMs,
  close: async () => {
    await fleet?.stop();
    await app.close();
    releaseDataDir();
  },
});

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: config.databaseUrl ? 'postgres' : config.dataDir ? 'pglite' : 'pglite (memory)' },
  'server ready',
);
// The demo fleet (SIM_DEVICES) connects to this server's own embedded broker once it listens.
// Loaded only then: the simulator and its MQTT client are not part of a server that runs no fleet.
if (deviceSide.mqttPort !== null && config.simulator.devices > 0) {
  const { startDemoFleet } = await import('./ingest/demo-fleet-runner.ts');
  fleet = await startDemoFleet({
    mqttUrl: `mqtt://127.0.0.1:${deviceSide.mqttPort}`,
    db: database.db,
    config,
    log: app.log,
    ingest: deviceSide.ingest,
  });
}
process.stdout.write(
  readyLine({
    host: config.host,
    // PORT=0 picks a free port: the one listened on.
    port: (app.server.address() as { port?: number } | null)?.port ?? config.port,
    mqttPort: deviceSide.mqttPort,
    externalBrokerUrl: config.externalBroker.url,
    demo: config.seedDemo,
  }),
);
