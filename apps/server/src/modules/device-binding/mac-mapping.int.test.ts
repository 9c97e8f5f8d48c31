import {
  addMacs,
  allocateMac,
  confirmMac,
  deleteMac,
  ErrorCode,
  listMacs,
  releaseMac,
  type MacEntry,
} from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.ts';
import { snapshotTables } from '../../../test/matrix/snapshot.ts';
import { useBindingApp, deviceOf, freshMac } from './binding-setup.ts';

const env = useBindingApp();

const list = async (filter: Record<string, string>) =>
  (await call<{ list: MacEntry[]; totalSize: number }>(env.t.app, listMacs, filter, env.tree.asCaller)).body
    .objectResult!;
/** Adds one address as the caller and answers its entry. */
async function added(mac = freshMac()): Promise<MacEntry> {
  const answer = await call(env.t.app, addMacs, { macs: [mac] }, env.tree.asCaller);
  expect(answer.body.error_code).toBe(0);
  return (await list({ mac })).list[0]!;
}

describe('MAC mapping (macMgr)', () => {
  it('adds addresses in any common notation as undistributed, allocates, confirms and releases', async () => {
    const mac = freshMac();
    const dashed = mac.replace(/:/g, '-').toLowerCase();
    const bare = freshMac().replace(/:/g, '');
    const answer = await call<{ added: number }>(env.t.app, addMacs, { macs: [dashed, bare] }, env.tree.asCaller);
    expect(answer.body.objectResult).toEqual({ added: 2 });
    const entry = (await list({ mac: mac.slice(-8) })).list[0]!;
    expect(entry).toMatchObject({ mac, state: 'undistributed', deviceId: null, ownerDealerId: env.tree.A });
    expect((await list({ mac: bare.toLowerCase() })).list[0]!.mac).toBe(bare.match(/../g)!.join(':'));

    const device = await deviceOf(env.t, env.tree.A1);
    const occupied = await call<MacEntry>(
      env.t.app,
      allocateMac,
      { macId: entry.macId, deviceCode: device.deviceCode },
      env.tree.asCaller,
    );
    expect(occupied.body.objectResult).toMatchObject({
      state: 'occupied',
      deviceId: device.deviceId,
      deviceCode: device.deviceCode,
      succeededTime: null,
    });
    expect(occupied.body.objectResult!.occupiedTime).not.toBeNull();
    expect((await list({ state: 'occupied', deviceCode: device.deviceCode })).list.map((row) => row.macId)).toEqual([
      entry.macId,
    ]);
    expect((await list({ state: 'undistributed', deviceCode: device.deviceCode })).totalSize).toBe(0);

    const succeeded = await call<MacEntry>(env.t.app, confirmMac, { macId: entry.macId }, env.tree.asCaller);
    expect(succeeded.body.objectResult).toMatchObject({ state: 'succeeded', deviceId: device.deviceId });
    expect(succeeded.body.objectResult!.succeededTime).not.toBeNull();

    const released = await call<MacEntry>(env.t.app, releaseMac, { macId: entry.macId }, env.tree.asCaller);
    expect(released.body.objectResult).toMatchObject({
      state: 'undistributed',
      deviceId: null,
      deviceCode: null,
      occupiedTime: null,
      succeededTime: null,
    });
    expect((await call(env.t.app, deleteMac, { macId: entry.macId }, env.tree.asCaller)).body.error_code).toBe(0);
    expect((await list({ mac })).totalSize).toBe(0);
  });

  it('refuses transitions from the wrong state and a second MAC for a device, in both languages', async () => {
    const [first, second] = [await added(), await added()];
    const device = await deviceOf(env.t, env.tree.A);
    const notOccupied = await call(
      env.t.app,
      confirmMac,
      { macId: first.macId },
      { ...env.tree.asCaller, language: 'zh_CN' },
    );
    expect(notOccupied.body).toMatchObject({
      error_code: ErrorCode.MAC_NOT_OCCUPIED,
      error_msg: '只有已占用的 MAC 地址可以确认',
    });
    const notAllocated = await call(env.t.app, releaseMac, { macId: first.macId }, env.tree.asCaller);
    expect(notAllocated.body).toMatchObject({
      error_code: ErrorCode.MAC_NOT_ALLOCATED,
      error_msg: 'The MAC address is not allocated to a device',
    });
    await call(env.t.app, allocateMac, { macId: first.macId, deviceCode: device.deviceCode }, env.tree.asCaller);
    const twice = await call(
      env.t.app,
      allocateMac,
      { macId: first.macId, deviceCode: (await deviceOf(env.t, env.tree.A)).deviceCode },
      env.tree.asCaller,
    );
    expect(twice.body).toMatchObject({
      error_code: ErrorCode.MAC_NOT_UNDISTRIBUTED,
      error_msg: 'Only an undistributed MAC address can be allocated or deleted',
    });
    const secondMac = await call(
      env.t.app,
      allocateMac,
      { macId: second.macId, deviceCode: device.deviceCode },
      { ...env.tree.asCaller, language: 'zh_CN' },
    );
    expect(secondMac.body).toMatchObject({
      error_code: ErrorCode.DEVICE_HAS_MAC,
      error_msg: `该设备已有 MAC 地址 ${first.mac}`,
    });
    const deleteTaken = await call(env.t.app, deleteMac, { macId: first.macId }, env.tree.asCaller);
    expect(deleteTaken.body.error_code).toBe(ErrorCode.MAC_NOT_UNDISTRIBUTED);
  });

  it('refuses malformed, repeated and existing addresses in both languages, adding none of the batch', async () => {
    const existing = (await added()).mac;
    const fresh = freshMac();
    const before = await snapshotTables(env.t.db);
    for (const bad of [
      '3C:A5:08:12:AB',
      '3C:A5:08:12:AB:GG',
      '3C-A5:08:12:AB:CD',
      '00:00:00:00:00:00',
      'FF:FF:FF:FF:FF:FF',
      '01:00:5E:00:00:01',
    ]) {
      const en = await call(env.t.app, addMacs, { macs: [fresh, bad] }, env.tree.asCaller);
      expect(en.body.error_code, bad).toBe(ErrorCode.BAD_REQUEST);
      expect(en.body.error_msg).toContain(
        'The MAC address is six hex bytes such as 3C:A5:08:12:AB:CD (unicast, not all zeros)',
      );
      const zh = await call(env.t.app, addMacs, { macs: [bad] }, { ...env.tree.asCaller, language: 'zh_CN' });
      expect(zh.body.error_msg).toContain('MAC 地址为 6 个十六进制字节');
    }
    const repeated = await call(env.t.app, addMacs, { macs: [fresh, fresh.toLowerCase()] }, env.tree.asCaller);
    expect(repeated.body).toMatchObject({
      error_code: ErrorCode.MAC_REPEATED,
      error_msg: `The MAC address ${fresh} is listed twice`,
    });
    const taken = await call(
      env.t.app,
      addMacs,
      { macs: [fresh, existing] },
      { ...env.tree.asCaller, language: 'zh_CN' },
    );
    expect(taken.body).toMatchObject({ error_code: ErrorCode.MAC_TAKEN, error_msg: `MAC 地址 ${existing} 已存在` });
    const none = await call(env.t.app, addMacs, { macs: [] }, env.tree.asCaller);
    expect(none.body.error_msg).toContain('Please enter 1 to 500 MAC addresses');
    expect(await snapshotTables(env.t.db)).toEqual(before);
  });

  it("answers NOT_FOUND for MACs and devices outside the subtree, and refuses a device outside the MAC owner's subtree", async () => {
    for (const owner of [env.tree.P, env.tree.B]) {
      const foreign = await env.t.db
        .insertInto('device_macs')
        .values({ mac: freshMac(), owner_dealer_id: owner })
        .returning('id')
        .executeTakeFirstOrThrow();
      const foreignDevice = await deviceOf(env.t, owner);
      const own = await added();
      const before = await snapshotTables(env.t.db);
      for (const [entry, body] of [
        [allocateMac, { macId: foreign.id, deviceCode: (await deviceOf(env.t, env.tree.A)).deviceCode }],
        [allocateMac, { macId: own.macId, deviceCode: foreignDevice.deviceCode }],
        [confirmMac, { macId: foreign.id }],
        [releaseMac, { macId: foreign.id }],
        [deleteMac, { macId: foreign.id }],
      ] as const) {
        const answer = await call(env.t.app, entry, body, env.tree.asCaller);
        expect(answer.body.error_code, `${entry.path} ${owner}`).toBe(ErrorCode.NOT_FOUND);
      }
      expect((await list({ mac: '' })).list.map((row) => row.macId)).not.toContain(foreign.id);
      const after = await snapshotTables(env.t.db);
      expect(after.device_macs).toBe(before.device_macs);
    }
    // A MAC of the sub-dealer A1 cannot go to a device of A (above A1).
    const childMac = await env.t.db
      .insertInto('device_macs')
      .values({ mac: freshMac(), owner_dealer_id: env.tree.A1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const outside = await call(
      env.t.app,
      allocateMac,
      { macId: childMac.id, deviceCode: (await deviceOf(env.t, env.tree.A)).deviceCode },
      env.tree.asCaller,
    );
    expect(outside.body).toMatchObject({
      error_code: ErrorCode.MAC_DEVICE_OUTSIDE_OWNER,
      error_msg: 'The device does not belong to the company that holds this MAC address',
    });
  });

  it('gives the MAC back when its device is deleted', async () => {
    const entry = await added();
    const device = await deviceOf(env.t, env.tree.A);
    await call(env.t.app, allocateMac, { macId: entry.macId, deviceCode: device.deviceCode }, env.tree.asCaller);
    await env.t.db.deleteFrom('devices').where('id', '=', device.deviceId).execute();
    expect((await list({ mac: entry.mac })).list[0]).toMatchObject({
      state: 'undistributed',
      deviceId: null,
      occupiedTime: null,
    });
  });
});
