import type { Database } from '../src/db/database.ts';
import { loadExternalBrokerConfig } from '../src/ingest/broker/external/external-config.ts';
import { serverSink, type SinkFactory } from '../src/ingest/sink.ts';
import { loadLinkConfig } from '../src/link-config.ts';
import { waitFor } from './device-link.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * A server instance as a client of an external broker (MQTT_URL), with its own fixed client id, on a
 * database the test opened (and closes). `databaseUrl` makes it share the device event bus (LISTEN/NOTIFY)
 * with the other instances on that database, as a deployment of several instances does. 32 connections:
 * each handles one report at a time, waiting for its batch to commit.
 */
export async function startExternalServer(options: {
  brokerUrl: string;
  clientId: string;
  database: Database;
  databaseUrl?: string;
  sink?: SinkFactory;
}): Promise<TestApp> {
  const env = { MQTT_URL: options.brokerUrl, MQTT_CLIENT_ID: options.clientId, MQTT_CONNECTIONS: '32' };
  const t = await startTestApp(
    {
      link: loadLinkConfig(env),
      externalBroker: loadExternalBrokerConfig(env),
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    },
    { database: options.database, sink: options.sink },
  );
  await waitFor(`${options.clientId} connected to the broker`, () => t.deviceSide.brokerConnected());
  return t;
}

/** The server's own sink (the ingest pipeline), counting the reports it stored: which instance took how many. */
export function countingServerSink(): { factory: SinkFactory; stored(): number } {
  let stored = 0;
  return {
    factory: (deps) => {
      const real = serverSink(deps);
      return { store: (message) => real.store(message).then(() => void (stored += 1)), close: real.close };
    },
    stored: () => stored,
  };
}
