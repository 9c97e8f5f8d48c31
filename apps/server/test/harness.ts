import { Writable } from 'node:stream';
import { login, type CallDef, type Envelope } from '@dcc/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../src/app.ts';
import { md5Hex } from '../src/auth/password.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { DeviceSide } from '../src/ingest/device-side.ts';
import type { SinkFactory } from '../src/ingest/sink.ts';
import type { DB } from '../src/db/schema.ts';
import type { CallRoute } from '../src/http/call-route.ts';
import type { DeviceEvents } from '../src/events/device-events.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import type { Database } from '../src/db/database.ts';
import { openTestDatabase } from './test-database-copy.ts';
import type { SmsSender } from '../src/auth/sms-sender.ts';
import type { ApiCallWriter } from '../src/modules/logs/index.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<DB>;
  routes: readonly CallRoute[];
  /** The app's device event bus (tests publish on it). */
  events: DeviceEvents;
  /** Every log line written so far (JSON text). */
  logs: string[];
  deviceSide: DeviceSide;
  config: Config;
  /** The API call log's writer (tests flush it before reading the log). */
  callLog: ApiCallWriter;
  close(): Promise<void>;
}

/**
 * Builds the whole server in-process with demo data: in-memory PGlite, or when DATABASE_URL is
 * set a fresh PostgreSQL database of its own; either starts as a copy of the run's template
 * (database-templates.ts) when there is one. Rate limits are generous unless overridden.
 */
export async function startTestApp(
  overrides: Partial<Config> = {},
  options: { sink?: SinkFactory; database?: Database; sms?: SmsSender } = {},
): Promise<TestApp> {
  const seedDemo = overrides.seedDemo ?? true;
  // A database given by the test (a server restart over the same data) is the test's to close.
  const own = options.database ? null : await openTestDatabase(seedDemo ? 'seeded' : 'migrated', 4);
  const config: Config = {
    // Demo data explicitly: SEED_DEMO defaults off on PostgreSQL (DATABASE_URL), which these tests use too.
    // No MQTT broker unless a test asks for one (link: { ...config.link, mqttPort: 0 }): most tests need none.
    ...loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      SEED_DEMO: 'true',
      MQTT_PORT: 'off',
    }),
    databaseUrl: own?.url ?? null,
    dbPoolSize: 4,
    checkResponses: true,
    rateLimits: {
      loginPerIpPerMinute: 1000,
      loginPerAccountPerMinute: 1000,
      codePerIpPerMinute: 1000,
      failuresPerMinute: 1000,
    },
    ...overrides,
  };
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const built = await buildApp({
    config,
    logStream,
    sink: options.sink,
    sms: options.sms,
    database: options.database ?? own?.pglite ?? undefined,
  }).catch(async (error: unknown) => {
    await own?.close();
    throw error;
  });
  const { app, database, routes, deviceSide, events, callLog } = built;
  return {
    app,
    db: database.db,
    routes,
    events,
    logs,
    deviceSide,
    config,
    callLog,
    async close() {
      await app.close();
      await own?.close();
    },
  };
}

export interface CallOptions {
  language?: string;
  sessionid?: string;
  dealersId?: string;
  /** HTTP headers of the call (X-Request-Id, ...). */
  headers?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
}

/** Posts a contract call the way the console does: JSON body, context fields, language query. */
export async function call<T = unknown>(
  app: FastifyInstance,
  def: CallDef,
  payload: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<CallResult<T>> {
  const body: Record<string, unknown> = { ...payload };
  if (options.sessionid !== undefined) body.sessionid = options.sessionid;
  if (options.dealersId !== undefined) body.dealersId = options.dealersId;
  const response = await app.inject({
    method: 'POST',
    url: `${def.path}?language=${options.language ?? 'en_US'}`,
    payload: body,
    headers: options.headers,
  });
  return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
}

export const digest = (password: string = DEMO_PASSWORD): string => md5Hex(password);

/** Signs in a dealer account by phone and answers its session token. */
export async function loginAs(app: FastifyInstance, phone: string, password: string = DEMO_PASSWORD): Promise<string> {
  const result = await call<{ xtoken: string | null }>(app, login, { name: phone, password: digest(password) });
  const token = result.body.objectResult?.xtoken;
  if (result.body.error_code !== 0 || !token)
    throw new Error(`login of ${phone} failed: ${JSON.stringify(result.body)}`);
  return token;
}
