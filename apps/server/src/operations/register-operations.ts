import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { migrationFiles } from '../db/migrate.ts';
import type { DeviceSide } from '../ingest/device-side.ts';
import { registerHealth } from './health-routes.ts';
import type { ServerMetrics } from './metrics.ts';
import { registerMetrics } from './metrics-route.ts';
import { readinessCheck } from './readiness.ts';

export interface OperationsDeps {
  config: Config;
  database: Database;
  deviceSide: DeviceSide;
  metrics: ServerMetrics;
  liveStreams: () => number;
  callsInFlight: () => number;
  apiCallLogDropped: () => number;
}

/** /healthz, /readyz and /metrics (docs/OPERATIONS.md). */
export async function registerOperations(app: FastifyInstance, deps: OperationsDeps): Promise<void> {
  const { config, database, deviceSide, metrics } = deps;
  const takesDeviceMessages = deviceSide.mqttPort !== null || config.externalBroker.url !== null;
  const latestMigration = (await migrationFiles()).at(-1) ?? '';
  registerHealth(
    app,
    readinessCheck({
      database,
      latestMigration,
      brokerUp: takesDeviceMessages ? () => deviceSide.brokerConnected() : null,
    }),
  );
  metrics.watch({
    database,
    deviceSide,
    liveStreams: deps.liveStreams,
    callsInFlight: deps.callsInFlight,
    apiCallLogDropped: deps.apiCallLogDropped,
  });
  registerMetrics(app, metrics.registry, config.operations.metricsToken);
}
