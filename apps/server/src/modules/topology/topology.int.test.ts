import { addDeviceChild, Button, ErrorCode, listDeviceChildren, removeDeviceChild } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { DeviceEvent } from '../../events/device-events.ts';
import { devicePresence } from '../../ingest/presence/presence.ts';
import { newDealer, newDevice, newMember, newProduct, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { secretBox } from '../devices/secret-box.ts';
import { cascadeGatewaysOffline, childOffline, childOnline } from './cascade.ts';

const env = {} as { t: TestApp; A: string; B: string; productId: string; as: { sessionid: string; dealersId: string } };
const box = secretBox(loadConfig({}).deviceSecretKey);

beforeAll(async () => {
  env.t = await startTestApp();
  const P = await newDealer(env.t.db, { level: 0 });
  env.A = await newDealer(env.t.db, { parentId: P, level: 1 });
  env.B = await newDealer(env.t.db, { parentId: P, level: 1 });
  env.productId = await newProduct(env.t.db);
  const user = await newUser(env.t.db);
  await newMember(env.t.db, env.A, user.id, [Button.DEVICE_TOPOLOGY]);
  env.as = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.A };
});
afterAll(async () => env.t.close());

const device = (dealer = env.A) => newDevice(env.t.db, dealer, box, env.productId);
const codeOf = async (id: string) =>
  (await env.t.db.selectFrom('devices').select('device_code').where('id', '=', id).executeTakeFirstOrThrow())
    .device_code;
const add = (gatewayId: string, childId: string, language?: string) =>
  call(env.t.app, addDeviceChild, { gatewayId, childId }, { ...env.as, language });
const remove = (gatewayId: string, childId: string, language?: string) =>
  call(env.t.app, removeDeviceChild, { gatewayId, childId }, { ...env.as, language });
const children = async (gatewayId: string) =>
  (await call<{ list: Array<{ deviceId: string }> }>(env.t.app, listDeviceChildren, { gatewayId }, env.as)).body;

describe('gateways and sub-devices', () => {
  it('adds, lists and removes children of a gateway of the subtree', async () => {
    const [gateway, one, two] = [await device(), await device(), await device()];
    expect((await add(gateway, one)).body.error_code).toBe(0);
    expect((await add(gateway, two)).body.error_code).toBe(0);
    expect((await add(gateway, two)).body.error_code).toBe(0);
    expect((await children(gateway)).objectResult!.list.map((child) => child.deviceId).sort()).toEqual(
      [one, two].sort(),
    );
    expect((await remove(gateway, one)).body.error_code).toBe(0);
    expect((await children(gateway)).objectResult!.list.map((child) => child.deviceId)).toEqual([two]);
  });

  it('refuses with the spec codes in both languages: 6402 same device, 6419 under another gateway, 6401 no topology, 6592 nesting', async () => {
    const [gateway, other, child] = [await device(), await device(), await device()];
    expect((await add(gateway, gateway)).body).toMatchObject({
      error_code: ErrorCode.TOPOLOGY_SAME_DEVICE,
      error_msg: 'The gateway and the child device are the same device',
    });
    expect((await add(gateway, gateway, 'zh_CN')).body.error_msg).toBe('网关与子设备是同一台设备');
    expect((await add(gateway, child)).body.error_code).toBe(0);
    expect((await add(other, child)).body).toMatchObject({
      error_code: ErrorCode.TOPOLOGY_CHILD_TAKEN,
      error_msg: 'This child device is already under another gateway',
    });
    expect((await add(other, child, 'zh_CN')).body.error_msg).toBe('该子设备已挂在其他网关下');
    expect((await remove(other, child)).body).toMatchObject({
      error_code: ErrorCode.TOPOLOGY_MISSING,
      error_msg: 'This device is not a child device of this gateway',
    });
    expect((await remove(other, child, 'zh_CN')).body.error_msg).toBe('该设备不是此网关的子设备');
    expect((await add(child, other)).body.error_code).toBe(ErrorCode.TOPOLOGY_NESTED);
    expect((await add(other, gateway)).body.error_code).toBe(ErrorCode.TOPOLOGY_NESTED);
    expect((await children(other)).objectResult!.list).toEqual([]);
  });

  it("answers NOT_FOUND for another branch's gateway or child, and links nothing", async () => {
    const [mine, foreign] = [await device(), await device(env.B)];
    expect((await add(mine, foreign)).body.error_code).toBe(ErrorCode.NOT_FOUND);
    expect((await add(foreign, mine)).body.error_code).toBe(ErrorCode.NOT_FOUND);
    expect((await children(foreign)).error_code).toBe(ErrorCode.NOT_FOUND);
    expect(
      await env.t.db
        .selectFrom('device_topology')
        .selectAll()
        .where('child_device_id', 'in', [mine, foreign])
        .execute(),
    ).toEqual([]);
  });

  it('takes the children online through the gateway offline with 1913 when it goes offline, and back when it reports them', async () => {
    const events: DeviceEvent[] = [];
    env.t.events.subscribe((event) => events.push(event));
    const presence = devicePresence(env.t.db, env.t.events);
    const [gateway, one, two, elsewhere] = [await device(), await device(), await device(), await device()];
    await add(gateway, one);
    await add(gateway, two);
    const [gatewayCode, oneCode, twoCode, elsewhereCode] = await Promise.all([
      codeOf(gateway),
      codeOf(one),
      codeOf(two),
      codeOf(elsewhere),
    ]);
    await presence.online(gatewayCode, 'conn-1');
    await childOnline(presence, gatewayCode, oneCode);
    await childOnline(presence, gatewayCode, twoCode);
    await childOffline(presence, gatewayCode, twoCode, 520);
    await presence.online(elsewhereCode, 'own');
    await presence.offline(gatewayCode, 'conn-1', 1911);
    expect(await cascadeGatewaysOffline(env.t.db, presence, [{ deviceId: gateway, at: new Date() }])).toBe(1);
    const rows = await env.t.db
      .selectFrom('devices')
      .select(['id', 'connected', 'offline_code'])
      .where('id', 'in', [one, two, elsewhere])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(one)).toMatchObject({ connected: false, offline_code: 1913 });
    expect(byId.get(two)).toMatchObject({ connected: false, offline_code: 520 });
    expect(byId.get(elsewhere)).toMatchObject({ connected: true });
    expect(
      events
        .filter((event) => event.kind === 'status' && event.deviceId === one)
        .map((event) => event.kind === 'status' && event.code),
    ).toEqual([200, 1913]);

    await presence.online(gatewayCode, 'conn-2');
    await childOnline(presence, gatewayCode, oneCode);
    expect(
      await env.t.db
        .selectFrom('devices')
        .select(['connected', 'offline_code'])
        .where('id', '=', one)
        .executeTakeFirstOrThrow(),
    ).toEqual({ connected: true, offline_code: null });
  });

  it('takes a child online through its gateway offline with 6401 when it is removed from the gateway; one online on its own link stays', async () => {
    const presence = env.t.deviceSide.presence;
    const [gateway, through, own] = [await device(), await device(), await device()];
    await add(gateway, through);
    await add(gateway, own);
    const [gatewayCode, throughCode, ownCode] = await Promise.all([codeOf(gateway), codeOf(through), codeOf(own)]);
    await presence.online(gatewayCode, 'conn-1');
    await childOnline(presence, gatewayCode, throughCode);
    await presence.online(ownCode, 'own-link');
    expect((await remove(gateway, through)).body.error_code).toBe(0);
    expect((await remove(gateway, own)).body.error_code).toBe(0);
    const state = (id: string) =>
      env.t.db
        .selectFrom('devices')
        .select(['connected', 'offline_code'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await state(through)).toEqual({ connected: false, offline_code: 6401 });
    expect(await state(own)).toEqual({ connected: true, offline_code: null });
  });
});
