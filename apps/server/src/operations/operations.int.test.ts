import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable, encodeReport } from '@dcc/protocol';
import { listAccountLog, login } from '@dcc/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, newDemoDevice, waitFor } from '../../test/device-link.ts';
import { call, digest, startTestApp, type TestApp } from '../../test/harness.ts';
import { sampleValue } from '../../test/metrics-text.ts';
import { DemoPhone } from '../db/seed/demo.ts';
import { migrationFiles } from '../db/migrate.ts';
import { loadLinkConfig } from '../link-config.ts';
import { loadOperationsConfig } from '../operations-config.ts';

const TOKEN = 'metrics-token-of-this-test-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    link: { ...loadLinkConfig({}), mqttPort: 0, mqttHost: '127.0.0.1' },
    operations: loadOperationsConfig({ METRICS_TOKEN: TOKEN }),
  });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const scrape = async () => {
  const answer = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
  expect(answer.statusCode).toBe(200);
  return answer.body;
};

describe('/healthz and /readyz', () => {
  it('answer without a session: the process is up, and ready with the database, migrations and broker', async () => {
    const health = await get('/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'up' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, database: 'up', migrations: 'current', broker: 'up' });
  });

  it('is unready while the database lacks this build migration, and ready again once it has it', async () => {
    const latest = (await migrationFiles()).at(-1)!;
    const applied = await t.db
      .selectFrom('schema_migrations')
      .selectAll()
      .where('name', '=', latest)
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('schema_migrations').where('name', '=', latest).execute();
    try {
      await expect
        .poll(async () => (await get('/readyz')).json())
        .toMatchObject({ ready: false, migrations: 'behind' });
      expect((await get('/readyz')).statusCode).toBe(503);
    } finally {
      await t.db.insertInto('schema_migrations').values(applied).execute();
    }
    await expect.poll(async () => (await get('/readyz')).statusCode).toBe(200);
  });
});

describe('/metrics', () => {
  it('is refused without the token, with another token and with another scheme', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer not-the-metrics-token-0123456789' },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ]) {
      const answer = await get('/metrics', headers);
      expect(answer.statusCode).toBe(401);
      expect(answer.body).toBe('');
    }
  });

  it('times calls per route, and counts device connections, frames, refusals, the queue and online devices', async () => {
    await call(t.app, login, { name: DemoPhone.OPERATOR, password: digest() });
    await get('/no/such/page/12345');
    const device = await newDemoDevice(t);
    let client: MqttClient | undefined;
    try {
      client = await connectDevice(t, device);
      const frame = encodeReport(
        device.code,
        [...DEMO_HEAT_PUMP_VALUES].map(([address, value]) => ({ address, value })),
        demoHeatPumpTable(),
        { seq: 1 },
      );
      if (!frame.ok) throw new Error(frame.error.message);
      await client.publishAsync(`dev/${device.code}/up`, Buffer.from(frame.bytes), { qos: 1 });
      // Not a frame: the ingest refuses it and counts it under its decoder's reason.
      await client.publishAsync(`dev/${device.code}/up`, Buffer.from('not a frame'), { qos: 1 });
      await waitFor(
        'both messages counted',
        async () => (sampleValue(await scrape(), 'dcc_ingest_frames_total') ?? 0) >= 2,
      );
      const text = await scrape();
      expect(
        sampleValue(text, 'dcc_call_duration_seconds_count', { call: login.path, method: 'POST', status: '200' }),
      ).toBe(1);
      // A URL no route has is one label, never the URL itself.
      expect(text).not.toContain('/no/such/page/12345');
      expect(sampleValue(text, 'dcc_device_connections')).toBe(1);
      await expect.poll(async () => sampleValue(await scrape(), 'dcc_devices_online')).toBeGreaterThanOrEqual(1);
      const refused = text.split('\n').filter((line) => line.startsWith('dcc_ingest_refusals_total{source="ingest"'));
      expect(refused.length, text).toBeGreaterThan(0);
      expect(sampleValue(text, 'dcc_ingest_queue_depth')).toBe(0);
      expect(sampleValue(text, 'dcc_live_streams')).toBe(0);
      expect(
        sampleValue(text, 'dcc_job_runs_total', { job: 'telemetry-partitions', outcome: 'ok' }),
      ).toBeGreaterThanOrEqual(1);
      expect(sampleValue(text, 'dcc_process_cpu_seconds_total')).toBeGreaterThan(0);
    } finally {
      await client?.endAsync(true);
    }
  });

  it('counts the calls the API call log could not write', async () => {
    await t.callLog.flush();
    const before = sampleValue(await scrape(), 'dcc_api_call_log_dropped_total');
    expect(before).toBe(t.callLog.stats().dropped);
    // A batch the database refuses (a dealer id that is not a number) is not written: its calls are counted dropped.
    t.callLog.record({
      call: listAccountLog,
      payload: { account: 'not written' },
      at: new Date(),
      requestId: 'metrics-dropped-call',
      userId: null,
      dealerId: 'not-a-number',
      ip: '10.0.0.1',
      outcomeCode: 0,
      durationMs: 1,
    });
    await t.callLog.flush();
    const after = sampleValue(await scrape(), 'dcc_api_call_log_dropped_total');
    expect(after).toBe(t.callLog.stats().dropped);
    expect(after).toBeGreaterThanOrEqual(before! + 1);
  });

  it('shows the PostgreSQL pool use (PostgreSQL only: PGlite has no pool)', async () => {
    const text = await scrape();
    const max = sampleValue(text, 'dcc_db_pool_connections', { state: 'max' });
    if (process.env.DATABASE_URL) expect(max).toBe(t.config.dbPoolSize);
    else expect(max).toBeUndefined();
  });

  it('is not served without METRICS_TOKEN', async () => {
    const plain = await startTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('is refused when short or with spaces', () => {
    expect(() => loadOperationsConfig({ METRICS_TOKEN: 'short' })).toThrow(/at least 24 characters/);
    expect(() => loadOperationsConfig({ METRICS_TOKEN: 'a token with spaces in it 12345' })).toThrow(/without spaces/);
    expect(loadOperationsConfig({}).metricsToken).toBeNull();
  });
});
