import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { login } from '@dcc/contract';
import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable, encodeReport } from '@dcc/protocol';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate, postgresTemplate } from '../../test/database-templates.ts';
import { deviceOptions, type TestDevice } from '../../test/device-link.ts';
import { newDealer, newDevice } from '../../test/factories.ts';
import { sampleValue } from '../../test/metrics-text.ts';
import { startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { createScratchDatabase } from '../../test/test-database.ts';
import { waitFor } from '../../test/until.ts';
import { deviceSecretKey } from '../config.ts';
import { openDatabase, type DatabaseOptions } from '../db/database.ts';
import { secretBox } from '../modules/devices/index.ts';

const databaseUrl = process.env.DATABASE_URL;
const TOKEN = 'shutdown-test-metrics-token-0123456789';
/** A key of this test's own on PostgreSQL (the development key is refused there). */
const KEY_HEX = 'a1'.repeat(32);
const env = {} as {
  dir: string;
  options: DatabaseOptions;
  drop?: () => Promise<void>;
  serverEnv: Record<string, string>;
};

/** A seeded database of the test's own (PGlite in a folder, or a scratch PostgreSQL database) with one device. */
beforeAll(async () => {
  env.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dcc-shutdown-'));
  if (databaseUrl) {
    const scratch = await createScratchDatabase(databaseUrl, postgresTemplate('seeded'));
    env.drop = scratch.drop;
    env.options = { databaseUrl: scratch.url, pgliteDir: null, poolSize: 2 };
    env.serverEnv = { DATABASE_URL: scratch.url, DEVICE_SECRET_KEY: KEY_HEX, SMS_ALLOW_LOG_SENDER: 'true' };
  } else {
    env.options = {
      databaseUrl: null,
      pgliteDir: path.join(env.dir, 'pglite'),
      poolSize: 1,
      pgliteTemplate: await pgliteTemplate('seeded'),
    };
    env.serverEnv = { DATA_DIR: env.dir };
  }
});
afterAll(async () => {
  await env.drop?.();
  fs.rmSync(env.dir, { recursive: true, force: true });
});

async function seededDevice(): Promise<TestDevice> {
  const database = await openDatabase(env.options);
  try {
    const { migrate } = await import('../db/migrate.ts');
    await migrate(database);
    const box = secretBox(deviceSecretKey(databaseUrl ? KEY_HEX : undefined, databaseUrl ?? null));
    const product = await database.db
      .selectFrom('products')
      .select('id')
      .where('product_key', '=', 'pkhpa200demo')
      .executeTakeFirstOrThrow();
    const id = await newDevice(database.db, await newDealer(database.db, { level: 0 }), box, product.id);
    await database.db
      .updateTable('devices')
      .set({ activated_at: new Date(), status: 'OFFLINE' })
      .where('id', '=', id)
      .execute();
    const row = await database.db
      .selectFrom('devices')
      .select(['device_code', 'secret_box'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, code: row.device_code, secret: box.open(row.secret_box) };
  } finally {
    await database.close();
  }
}

/** A call whose body is not all sent yet: in flight until `finish` sends the rest. */
function halfSentCall(port: number, body: string) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `${login.path}?language=en_US`,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  request.flushHeaders();
  return { answer, finish: () => request.end(body.slice(10)) };
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = http.get({ host: '127.0.0.1', port, path: '/healthz' }, (response) => {
      response.resume();
      resolve(false);
    });
    probe.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('SIGTERM', () => {
  let server: ServerProcess | undefined;
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('answers the call in flight, stores the acknowledged report, closes the device connection and exits 0', async () => {
    const device = await seededDevice();
    server = await startServerProcess({
      ...env.serverEnv,
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent',
      METRICS_TOKEN: TOKEN,
    });
    const { port } = server;
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, deviceOptions(device));
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const frame = encodeReport(
      device.code,
      [...DEMO_HEAT_PUMP_VALUES].map(([address, value]) => ({ address, value })),
      demoHeatPumpTable(),
      { seq: 7 },
    );
    if (!frame.ok) throw new Error(frame.error.message);
    await client.publishAsync(`dev/${device.code}/up`, Buffer.from(frame.bytes), { qos: 1 });

    const call = halfSentCall(
      port,
      JSON.stringify({ name: '13800000000', password: 'e10adc3949ba59abbe56e057f20f883e' }),
    );
    // The scrape is in flight itself: two means the half-sent call is too.
    await waitFor(
      'the half-sent call in flight',
      async () => {
        const text = await fetch(`http://127.0.0.1:${port}/metrics`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        }).then((r) => r.text());
        return (sampleValue(text, 'dcc_calls_in_flight') ?? 0) >= 2;
      },
      30_000,
    );

    server.child.kill('SIGTERM');
    // Shutting down: new connections are refused while the call in flight is still waited for.
    await waitFor('new connections refused', () => refused(port), 30_000);
    expect(server.child.exitCode).toBeNull();
    call.finish();
    const answer = await call.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('error_code');
    await closed;
    expect(await server.exited, server.stdout() + server.stderr()).toBe(0);
    const log = server.stdout();
    expect(log).toContain('"msg":"shutting down"');
    expect(log).toContain('"msg":"shut down"');
    await client.endAsync(true);

    const database = await openDatabase({ ...env.options, pgliteTemplate: undefined });
    try {
      const stored = await database.db
        .selectFrom('raw_packets')
        .select('seq')
        .where('device_id', '=', device.id)
        .execute();
      expect(stored.map((row) => row.seq)).toEqual([7]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
