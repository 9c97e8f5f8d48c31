import { Button, disableDevice, resetDeviceSecret } from '@dcc/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, newDemoDevice, presenceOf, waitFor } from '../../../test/device-link.ts';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, type TestApp } from '../../../test/harness.ts';
import { createSharedDatabase, startInstance, type SharedDatabase } from '../../../test/shared-database.ts';

/**
 * Two server instances with embedded brokers on one PostgreSQL database (PostgreSQL only: PGlite cannot
 * be shared): a device disabled, or whose secret is reset, through one instance loses its connection to the other.
 */
describe.skipIf(!process.env.DATABASE_URL)('registry access across instances (PostgreSQL only)', () => {
  const env = {} as {
    shared: SharedDatabase;
    a: TestApp;
    b: TestApp;
    dealer: string;
    caller: { sessionid: string; dealersId: string };
  };
  beforeAll(async () => {
    env.shared = await createSharedDatabase(process.env.DATABASE_URL!);
    env.a = await startInstance(env.shared);
    env.b = await startInstance(env.shared);
    env.dealer = await newDealer(env.a.db, { level: 0 });
    const user = await newUser(env.a.db);
    await newMember(env.a.db, env.dealer, user.id, [Button.DEVICES, Button.DEVICE_ACTIVATE]);
    env.caller = { sessionid: await loginAs(env.a.app, user.phone), dealersId: env.dealer };
  });
  afterAll(async () => {
    await env.a?.close();
    await env.b?.close();
    await env.shared?.dispose();
  });

  it('closes the connection held by the other instance when a device is disabled (522)', async () => {
    const d = await newDemoDevice(env.a, { dealerId: env.dealer });
    const client: MqttClient = await connectDevice(env.b, d);
    await waitFor('online', async () => (await presenceOf(env.a, d.id)).connected);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    expect((await call(env.a.app, disableDevice, { deviceId: d.id }, env.caller)).body.error_code).toBe(0);
    await closed;
    await waitFor('offline 522', async () => (await presenceOf(env.a, d.id)).offline_code === 522);
    client.end(true);
  });

  it('closes the connection held by the other instance when the secret is reset (401); only the new secret signs in', async () => {
    const d = await newDemoDevice(env.a, { dealerId: env.dealer });
    const client: MqttClient = await connectDevice(env.b, d);
    await waitFor('online', async () => (await presenceOf(env.a, d.id)).connected);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const reset = await call<{ deviceSecret: string }>(env.a.app, resetDeviceSecret, { deviceId: d.id }, env.caller);
    expect(reset.body.error_code).toBe(0);
    await closed;
    await waitFor('offline 401', async () => (await presenceOf(env.a, d.id)).offline_code === 401);
    await expect(connectDevice(env.b, d)).rejects.toThrow(/Bad username or password/i);
    const renewed = await connectDevice(env.b, { ...d, secret: reset.body.objectResult!.deviceSecret });
    await waitFor('online again', async () => (await presenceOf(env.a, d.id)).connected);
    await renewed.endAsync();
    client.end(true);
  });
});
