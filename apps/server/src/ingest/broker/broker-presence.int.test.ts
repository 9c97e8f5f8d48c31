import { Button, deleteDevice, disableDevice, enableDevice } from '@dcc/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectDevice,
  historyOf,
  newDemoDevice,
  presenceOf,
  startLinkApp,
  waitFor,
} from '../../../test/device-link.ts';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, type TestApp } from '../../../test/harness.ts';

const env = {} as { t: TestApp; dealer: string; caller: { sessionid: string; dealersId: string } };

beforeAll(async () => {
  env.t = await startLinkApp();
  env.dealer = await newDealer(env.t.db, { level: 0 });
  const user = await newUser(env.t.db);
  await newMember(env.t.db, env.dealer, user.id, [Button.DEVICES, Button.DEVICE_ACTIVATE]);
  env.caller = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.dealer };
});
afterAll(async () => env.t.close());

const device = () => newDemoDevice(env.t, { dealerId: env.dealer });
const closedOf = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));
const offlineWith = (id: string, code: number, timeoutMs?: number) =>
  waitFor(`offline ${code}`, async () => (await presenceOf(env.t, id)).offline_code === code, timeoutMs);

describe('presence on the embedded broker', () => {
  it('is online on connect and offline 200 after a clean DISCONNECT', async () => {
    const d = await device();
    const client = await connectDevice(env.t, d);
    await waitFor('online', async () => (await presenceOf(env.t, d.id)).connected);
    expect(await presenceOf(env.t, d.id)).toMatchObject({ status: 'ONLINE', connected: true, offline_code: null });
    await client.endAsync();
    await offlineWith(d.id, 200);
    expect(await presenceOf(env.t, d.id)).toMatchObject({ status: 'OFFLINE', connected: false });
    expect(await historyOf(env.t, d.id)).toEqual(['on:200', 'off:200']);
  });

  it('gives each connection its own id', async () => {
    const d = await device();
    const first = await connectDevice(env.t, d);
    await waitFor('online', async () => (await presenceOf(env.t, d.id)).connected);
    const firstId = (await presenceOf(env.t, d.id)).connection_id;
    await first.endAsync();
    await offlineWith(d.id, 200);
    const second = await connectDevice(env.t, d);
    await waitFor('online again', async () => (await presenceOf(env.t, d.id)).connected);
    expect((await presenceOf(env.t, d.id)).connection_id).not.toBe(firstId);
    await second.endAsync();
  });

  it('goes offline 1910 when the keep-alive times out', async () => {
    const d = await device();
    const client = await connectDevice(env.t, d, { keepalive: 1 });
    await waitFor('online', async () => (await presenceOf(env.t, d.id)).connected);
    // The device stops sending PINGREQ (its keep-alive timer is gone) but keeps the socket open.
    (client as unknown as { _destroyKeepaliveManager(): void })._destroyKeepaliveManager();
    await offlineWith(d.id, 1910, 4000);
    expect(await historyOf(env.t, d.id)).toEqual(['on:200', 'off:1910']);
    client.end(true);
  });

  it('goes offline 1911 when the socket breaks without DISCONNECT', async () => {
    const d = await device();
    const client = await connectDevice(env.t, d);
    await waitFor('online', async () => (await presenceOf(env.t, d.id)).connected);
    client.stream.destroy();
    await offlineWith(d.id, 1911);
    expect(await historyOf(env.t, d.id)).toEqual(['on:200', 'off:1911']);
    client.end(true);
  });

  it('drops the older connection with 427 when the same IoT code connects elsewhere; the newer stays online', async () => {
    const d = await device();
    const older = await connectDevice(env.t, d);
    await waitFor('online', async () => (await presenceOf(env.t, d.id)).connected);
    const olderClosed = closedOf(older);
    const newer = await connectDevice(env.t, d);
    await olderClosed;
    await waitFor('the take-over recorded', async () => (await historyOf(env.t, d.id)).length === 3);
    expect(await historyOf(env.t, d.id)).toEqual(['on:200', 'off:427', 'on:200']);
    expect(await presenceOf(env.t, d.id)).toMatchObject({ status: 'ONLINE', connected: true, offline_code: null });
    expect(newer.connected).toBe(true);
    older.end(true);
    await newer.endAsync();
  });

  it('closes the connection of a device deleted while connected (521) and refuses it afterwards (6100)', async () => {
    const d = await device();
    const client = await connectDevice(env.t, d);
    await waitFor('online', async () => (await presenceOf(env.t, d.id)).connected);
    const closed = closedOf(client);
    const deleted = await call(env.t.app, deleteDevice, { deviceId: d.id }, env.caller);
    expect(deleted.body.error_code).toBe(0);
    await closed;
    await expect(connectDevice(env.t, d)).rejects.toMatchObject({ code: 4 });
    expect(env.t.deviceSide.counters.ofDevice(d.code)).toEqual({ 6100: 1 });
    client.end(true);
  });

  it('closes the connection of a device disabled while connected (522), refuses it while disabled, and lets it in once enabled', async () => {
    const d = await device();
    const client = await connectDevice(env.t, d);
    await waitFor('online', async () => (await presenceOf(env.t, d.id)).connected);
    const closed = closedOf(client);
    expect((await call(env.t.app, disableDevice, { deviceId: d.id }, env.caller)).body.error_code).toBe(0);
    await closed;
    await offlineWith(d.id, 522);
    await expect(connectDevice(env.t, d)).rejects.toMatchObject({ code: 5 });
    expect((await call(env.t.app, enableDevice, { deviceId: d.id }, env.caller)).body.error_code).toBe(0);
    const again = await connectDevice(env.t, d);
    await waitFor('online again', async () => (await presenceOf(env.t, d.id)).connected);
    expect(await historyOf(env.t, d.id)).toEqual(['on:200', 'off:522', 'on:200']);
    client.end(true);
    await again.endAsync();
  });
});
