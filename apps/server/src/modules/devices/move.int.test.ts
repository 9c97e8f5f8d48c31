import { Button, ErrorCode, moveDevices } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandDevice,
  commandWorld,
  operationsOf,
  refusalOf,
  type CommandWorld,
} from '../../../test/device-commands-setup.ts';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { moveScopedDevices } from './move.ts';

const env = {} as { t: TestApp; w: CommandWorld; A2: string; mover: { sessionid: string; dealersId: string } };

beforeAll(async () => {
  env.t = await startTestApp();
  env.w = await commandWorld(env.t.db);
  env.A2 = await newDealer(env.t.db, { parentId: env.w.A, level: 2 });
  const user = await newUser(env.t.db);
  await newMember(env.t.db, env.w.A, user.id, [Button.DEVICE_MOVE]);
  env.mover = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.w.A };
});
afterAll(async () => env.t.close());

const move = (deviceIds: string[], targetDealerId: string) =>
  moveScopedDevices(env.t.db, env.w.scope, env.w.actor, { deviceIds, targetDealerId });
const ownerOf = async (deviceId: string) =>
  (await env.t.db.selectFrom('devices').select('dealer_id').where('id', '=', deviceId).executeTakeFirstOrThrow())
    .dealer_id;

describe('moveDevices', () => {
  it('moves devices of the subtree to another dealer of it and logs each move with both dealers', async () => {
    const one = await commandDevice(env.w);
    const two = await commandDevice(env.w, { dealerId: env.w.A });
    const moved = await move([one.deviceId, two.deviceId], env.A2);
    expect(moved.moved).toBe(2);
    expect([...moved.deviceCodes].sort()).toEqual([one.deviceCode, two.deviceCode].sort());
    expect([await ownerOf(one.deviceId), await ownerOf(two.deviceId)]).toEqual([env.A2, env.A2]);
    const [entry] = await operationsOf(env.t.db, one.deviceId);
    expect(entry).toMatchObject({
      action: 'move',
      outcome: 'applied',
      request: { from: env.w.A1, to: env.A2 },
      operator_name: '操作员 Wang',
    });
    expect(entry!.summary).toMatch(/^T-.+ → T-.+$/);
    // The company itself is a dealer of its subtree.
    expect((await move([one.deviceId], env.w.A)).moved).toBe(1);
  });

  it("takes the device's MAC along when the new owner lies outside the MAC owner's subtree, and only then", async () => {
    const leaving = await commandDevice(env.w);
    const staying = await commandDevice(env.w);
    let mac = 0;
    const macOf = async (deviceId: string, owner: string) => {
      mac += 1;
      const row = await env.t.db
        .insertInto('device_macs')
        .values({
          mac: `AA:BB:CC:00:00:${String(mac).padStart(2, '0')}`,
          owner_dealer_id: owner,
          state: 'succeeded',
          device_id: deviceId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return async () =>
        (
          await env.t.db
            .selectFrom('device_macs')
            .select(['owner_dealer_id', 'device_id'])
            .where('id', '=', row.id)
            .executeTakeFirstOrThrow()
        ).owner_dealer_id;
    };
    const leavingMac = await macOf(leaving.deviceId, env.w.A1);
    const stayingMac = await macOf(staying.deviceId, env.w.A);
    expect((await move([leaving.deviceId, staying.deviceId], env.A2)).moved).toBe(2);
    // A2 is outside A1's subtree: the MAC follows; it is inside A's: the MAC stays A's.
    expect([await leavingMac(), await stayingMac()]).toEqual([env.A2, env.w.A]);
  });

  it('refuses a target outside the subtree like a missing one; nothing moves', async () => {
    const device = await commandDevice(env.w);
    for (const target of [env.w.B, env.w.P, '999999999'])
      expect((await refusalOf(move([device.deviceId], target))).code).toBe(ErrorCode.NOT_FOUND);
    expect(await ownerOf(device.deviceId)).toBe(env.w.A1);
    expect(await operationsOf(env.t.db, device.deviceId)).toEqual([]);
  });

  it('moves all or nothing: one foreign or missing device among them refuses the whole move', async () => {
    const mine = await commandDevice(env.w);
    const foreign = await commandDevice(env.w, { dealerId: env.w.B });
    for (const other of [foreign.deviceId, '999999999', 'x'])
      expect((await refusalOf(move([mine.deviceId, other], env.A2))).code).toBe(ErrorCode.NOT_FOUND);
    expect([await ownerOf(mine.deviceId), await ownerOf(foreign.deviceId)]).toEqual([env.w.A1, env.w.B]);
    expect(await operationsOf(env.t.db, mine.deviceId)).toEqual([]);
  });

  it('on the wire: moves with B9404, refuses more than 100 devices or one given twice on the field', async () => {
    const device = await commandDevice(env.w);
    expect(
      (await call(env.t.app, moveDevices, { deviceIds: [device.deviceId], targetDealerId: env.A2 }, env.mover)).body,
    ).toMatchObject({ error_code: 0, objectResult: { moved: 1 } });
    const many = Array.from({ length: 101 }, (_, i) => String(i + 1));
    expect(
      (await call(env.t.app, moveDevices, { deviceIds: many, targetDealerId: env.A2 }, env.mover)).body,
    ).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field: 'deviceIds', message: 'Choose 1 to 100 devices' }] },
    });
    expect(
      (
        await call(
          env.t.app,
          moveDevices,
          { deviceIds: [device.deviceId, device.deviceId], targetDealerId: env.A2 },
          { ...env.mover, language: 'zh_CN' },
        )
      ).body,
    ).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field: 'deviceIds', message: '设备重复选择' }] },
    });
  });
});
