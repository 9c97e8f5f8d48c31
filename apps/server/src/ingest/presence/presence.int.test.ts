import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer, newDevice } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { localDeviceEvents, type DeviceEvent } from '../../events/device-events.ts';
import { devicePresence } from './presence.ts';

const env = {} as { t: TestApp; dealer: string };
const box = { seal: (secret: string) => Buffer.from(secret) };

beforeAll(async () => {
  env.t = await startTestApp();
  env.dealer = await newDealer(env.t.db, { level: 0 });
});
afterAll(async () => env.t.close());

async function device(activated: boolean) {
  const id = await newDevice(env.t.db, env.dealer, box);
  if (activated)
    await env.t.db
      .updateTable('devices')
      .set({ activated_at: new Date(), status: 'OFFLINE' })
      .where('id', '=', id)
      .execute();
  const { device_code } = await env.t.db
    .selectFrom('devices')
    .select('device_code')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, code: device_code };
}
const state = (id: string) =>
  env.t.db
    .selectFrom('devices')
    .select(['status', 'connected', 'offline_code', 'connection_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const history = async (id: string) =>
  (
    await env.t.db
      .selectFrom('device_status_events')
      .select(['connected', 'code'])
      .where('device_id', '=', id)
      .orderBy('id')
      .execute()
  ).map((e) => `${e.connected ? 'on' : 'off'}:${e.code}`);

describe('device presence', () => {
  it('shows an activated device online and offline with the reason, keeps the history and publishes each change', async () => {
    const events = localDeviceEvents();
    const seen: DeviceEvent[] = [];
    events.subscribe((event) => seen.push(event));
    const presence = devicePresence(env.t.db, events);
    const d = await device(true);
    await presence.online(d.code, 'c1');
    expect(await state(d.id)).toMatchObject({ status: 'ONLINE', connected: true, offline_code: null });
    await presence.offline(d.code, 'c1', 1910);
    expect(await state(d.id)).toMatchObject({ status: 'OFFLINE', connected: false, offline_code: 1910 });
    expect(await history(d.id)).toEqual(['on:200', 'off:1910']);
    expect(seen.map((e) => e.kind === 'status' && `${e.status}:${e.code}`)).toEqual(['ONLINE:200', 'OFFLINE:1910']);
  });

  it('keeps an unactivated device UNACTIVE while it is connected', async () => {
    const presence = devicePresence(env.t.db, localDeviceEvents());
    const d = await device(false);
    await presence.online(d.code, 'c1');
    expect(await state(d.id)).toMatchObject({ status: 'UNACTIVE', connected: true });
  });

  it('ignores the late close of a connection a newer one took over (427 marks only the old one)', async () => {
    const presence = devicePresence(env.t.db, localDeviceEvents());
    const d = await device(true);
    await presence.online(d.code, 'old');
    await presence.online(d.code, 'new');
    await presence.offline(d.code, 'old', 427);
    expect(await state(d.id)).toMatchObject({ status: 'ONLINE', connected: true, connection_id: 'new' });
    expect(await history(d.id)).toEqual(['on:200', 'on:200']);
  });

  it('marks offline the devices still connected from before a restart', async () => {
    const presence = devicePresence(env.t.db, localDeviceEvents());
    const stale = await device(true);
    const back = await device(true);
    await presence.online(stale.code, 'before', new Date(Date.now() - 60_000));
    await presence.online(back.code, 'after');
    expect(await presence.offlineConnectedBefore(new Date(Date.now() - 30_000), 1911)).toBe(1);
    expect(await state(stale.id)).toMatchObject({ status: 'OFFLINE', offline_code: 1911 });
    expect(await state(back.id)).toMatchObject({ status: 'ONLINE' });
  });

  it('writes changes that arrive together in one batch, a device named twice in order', async () => {
    const presence = devicePresence(env.t.db, localDeviceEvents());
    const twice = await device(true);
    const many = await Promise.all(Array.from({ length: 40 }, () => device(true)));
    await Promise.all([
      presence.online(twice.code, 'c1'),
      presence.offline(twice.code, 'c1', 1910),
      presence.online(twice.code, 'c2'),
      ...many.map((d) => presence.online(d.code, 'c1')),
    ]);
    expect(await history(twice.id)).toEqual(['on:200', 'off:1910', 'on:200']);
    expect(await state(twice.id)).toMatchObject({ status: 'ONLINE', connection_id: 'c2' });
    const online = await env.t.db
      .selectFrom('devices')
      .select('id')
      .where(
        'id',
        'in',
        many.map((d) => d.id),
      )
      .where('status', '=', 'ONLINE')
      .execute();
    expect(online).toHaveLength(many.length);
  });

  it('tells afterOffline once per batch which devices went down', async () => {
    const calls: string[][] = [];
    const presence = devicePresence(env.t.db, localDeviceEvents(), async (down) =>
      calls.push(down.map((d) => d.deviceId)),
    );
    const [a, b] = [await device(true), await device(true)];
    await Promise.all([presence.online(a.code, 'c1'), presence.online(b.code, 'c1')]);
    await Promise.all([
      presence.offline(a.code, 'c1', 1911),
      presence.offline(b.code, 'c1', 1911),
      presence.offline(b.code, 'stale', 427),
    ]);
    expect(calls.map((ids) => ids.sort())).toEqual([[a.id, b.id].sort()]);
  });
});
