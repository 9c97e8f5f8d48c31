import { bindSn, ErrorCode, listSnBindings, login, pdaBindSn, unbindSn, type SnBinding } from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { insertDepartment, insertPdaUser } from '../../db/seed/people-records.ts';
import { call, digest } from '../../../test/harness.ts';
import { snapshotTables } from '../../../test/matrix/snapshot.ts';
import { freshLoginName } from '../../../test/people-setup.ts';
import { useBindingApp, deviceOf, freshSn } from './binding-setup.ts';

const env = useBindingApp();

const PDA_PASSWORD = 'Pda2024ok';
/** A PDA account of a department owned by `ownerDealerId`, signed in on a handheld: its session and name. */
async function pdaSession(ownerDealerId: string): Promise<{ sessionid: string; userName: string }> {
  const departmentId = await insertDepartment(env.t.db, {
    ownerDealerId,
    code: `ZZ-${freshLoginName()}`,
    name: '总装一车间',
    productionBase: '佛山',
  });
  const userName = freshLoginName();
  await insertPdaUser(env.t.db, { departmentId, userName, realName: '扫码员', password: PDA_PASSWORD });
  const signIn = await call<{ xtoken: string }>(env.t.app, login, {
    name: userName,
    password: digest(PDA_PASSWORD),
    loginSource: 'pda',
  });
  return { sessionid: signIn.body.objectResult!.xtoken, userName };
}

const listed = async (keyword: string, bound: '' | '0' | '1' = '') =>
  (
    await call<{ list: SnBinding[]; totalSize: number }>(
      env.t.app,
      listSnBindings,
      { keyword, bound },
      env.tree.asCaller,
    )
  ).body.objectResult!;

describe('barcode binding (snBoundMgr)', () => {
  it('binds a barcode to a device of a sub-dealer by IoT code, records who and when, lists it, and unbinds it', async () => {
    const device = await deviceOf(env.t, env.tree.A1);
    const sn = freshSn();
    const bound = await call<SnBinding>(
      env.t.app,
      bindSn,
      { deviceCode: device.deviceCode, sn: ` ${sn.toLowerCase()} ` },
      env.tree.asCaller,
    );
    expect(bound.body.objectResult).toMatchObject({
      deviceId: device.deviceId,
      deviceCode: device.deviceCode,
      sn,
      boundSource: 'console',
    });
    expect(Date.now() - Date.parse(bound.body.objectResult!.boundTime!)).toBeLessThan(60_000);
    expect(bound.body.objectResult!.boundByName).not.toBe('');
    expect((await listed(sn, '1')).list.map((row) => row.deviceId)).toEqual([device.deviceId]);
    expect((await listed(sn, '0')).totalSize).toBe(0);

    expect((await call(env.t.app, unbindSn, { deviceId: device.deviceId }, env.tree.asCaller)).body.error_code).toBe(0);
    const after = await listed(device.deviceCode);
    expect(after.list[0]).toMatchObject({ sn: '', boundByName: null, boundSource: null, boundTime: null });
    const again = await call(
      env.t.app,
      unbindSn,
      { deviceId: device.deviceId },
      { ...env.tree.asCaller, language: 'zh_CN' },
    );
    expect(again.body).toMatchObject({ error_code: ErrorCode.DEVICE_SN_NOT_BOUND, error_msg: '该设备未绑定条码' });
  });

  it('refuses a barcode bound to another device and a device that has one, in both languages, changing nothing', async () => {
    const [first, second] = [await deviceOf(env.t, env.tree.A), await deviceOf(env.t, env.tree.A)];
    const sn = freshSn();
    await call(env.t.app, bindSn, { deviceCode: first.deviceCode, sn }, env.tree.asCaller);
    // A barcode bound in another company is refused the same way: barcodes are unique everywhere.
    const foreign = await deviceOf(env.t, env.tree.B);
    const foreignSn = freshSn();
    await env.t.db.updateTable('devices').set({ sn: foreignSn }).where('id', '=', foreign.deviceId).execute();
    const before = await snapshotTables(env.t.db);
    for (const taken of [sn, foreignSn]) {
      const en = await call(env.t.app, bindSn, { deviceCode: second.deviceCode, sn: taken }, env.tree.asCaller);
      expect(en.body).toMatchObject({
        error_code: ErrorCode.DEVICE_SN_TAKEN,
        error_msg: 'A device with this SN already exists',
      });
      const zh = await call(
        env.t.app,
        bindSn,
        { deviceCode: second.deviceCode, sn: taken },
        { ...env.tree.asCaller, language: 'zh_CN' },
      );
      expect(zh.body).toMatchObject({ error_code: ErrorCode.DEVICE_SN_TAKEN, error_msg: '该SN的设备已存在' });
    }
    const hasOne = await call(env.t.app, bindSn, { deviceCode: first.deviceCode, sn: freshSn() }, env.tree.asCaller);
    expect(hasOne.body).toMatchObject({
      error_code: ErrorCode.DEVICE_SN_BOUND,
      error_msg: `The device already has barcode ${sn}; unbind it first`,
    });
    const hasOneZh = await call(
      env.t.app,
      bindSn,
      { deviceCode: first.deviceCode, sn: freshSn() },
      { ...env.tree.asCaller, language: 'zh_CN' },
    );
    expect(hasOneZh.body.error_msg).toBe(`该设备已绑定条码 ${sn}，请先解绑`);
    expect(await snapshotTables(env.t.db)).toEqual(before);
    // The same pair again answers the binding (a repeated scan).
    expect(
      (await call<SnBinding>(env.t.app, bindSn, { deviceCode: first.deviceCode, sn }, env.tree.asCaller)).body
        .objectResult?.sn,
    ).toBe(sn);
  });

  it('refuses barcodes outside the format in both languages', async () => {
    const device = await deviceOf(env.t, env.tree.A);
    for (const sn of ['AB12', 'HP_A200_0001', '-HP2406', 'HP2406-', 'X'.repeat(33), '条码123456']) {
      const en = await call(env.t.app, bindSn, { deviceCode: device.deviceCode, sn }, env.tree.asCaller);
      expect(en.body.error_code, sn).toBe(ErrorCode.BAD_REQUEST);
      expect(en.body.error_msg).toContain("The barcode is 6-32 capital letters, digits or '-' (not first or last)");
      const zh = await call(
        env.t.app,
        bindSn,
        { deviceCode: device.deviceCode, sn },
        { ...env.tree.asCaller, language: 'zh_CN' },
      );
      expect(zh.body.error_msg).toContain('整机条码为 6-32 位大写字母、数字或“-”（首尾不能是“-”）');
    }
    const empty = await call(
      env.t.app,
      bindSn,
      { deviceCode: device.deviceCode, sn: '' },
      { ...env.tree.asCaller, language: 'zh_CN' },
    );
    expect(empty.body.error_msg).toContain('请输入整机条码');
    const badCode = await call(env.t.app, bindSn, { deviceCode: 'a b', sn: freshSn() }, env.tree.asCaller);
    expect(badCode.body.error_msg).toContain("The IoT code is 4-64 letters, digits, '-' or '_'");
  });

  it('answers NOT_FOUND for devices of the parent, the sibling and unknown codes, changing nothing', async () => {
    for (const owner of [env.tree.P, env.tree.B]) {
      const foreign = await deviceOf(env.t, owner);
      await env.t.db.updateTable('devices').set({ sn: freshSn() }).where('id', '=', foreign.deviceId).execute();
      const before = await snapshotTables(env.t.db);
      const bind = await call(env.t.app, bindSn, { deviceCode: foreign.deviceCode, sn: freshSn() }, env.tree.asCaller);
      expect(bind.body).toMatchObject({
        error_code: ErrorCode.NOT_FOUND,
        error_msg: 'The record does not exist or is not visible to you',
      });
      const unbind = await call(env.t.app, unbindSn, { deviceId: foreign.deviceId }, env.tree.asCaller);
      expect(unbind.body.error_code).toBe(ErrorCode.NOT_FOUND);
      expect(await snapshotTables(env.t.db)).toEqual(before);
      expect((await listed(foreign.deviceCode)).totalSize).toBe(0);
    }
    const unknown = await call(env.t.app, bindSn, { deviceCode: 'NO-SUCH-DEVICE', sn: freshSn() }, env.tree.asCaller);
    expect(unknown.body.error_code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('PDA scan (pda/snBinding/bind)', () => {
  it("binds a scanned barcode to a device of its department owner's subtree and records the PDA user", async () => {
    const pda = await pdaSession(env.tree.A);
    const device = await deviceOf(env.t, env.tree.A1);
    const sn = freshSn();
    const scanned = await call<{ deviceCode: string; sn: string; boundTime: string | null }>(
      env.t.app,
      pdaBindSn,
      { deviceCode: device.deviceCode, sn },
      { sessionid: pda.sessionid },
    );
    expect(scanned.body.objectResult).toMatchObject({ deviceCode: device.deviceCode, sn });
    expect(Date.now() - Date.parse(scanned.body.objectResult!.boundTime!)).toBeLessThan(60_000);
    // The handheld lost the answer and scans again: the same binding is answered.
    const again = await call(
      env.t.app,
      pdaBindSn,
      { deviceCode: device.deviceCode, sn: sn.toLowerCase() },
      { sessionid: pda.sessionid },
    );
    expect(again.body.objectResult).toEqual(scanned.body.objectResult);
    const row = (await listed(device.deviceCode)).list[0]!;
    expect(row).toMatchObject({ sn, boundSource: 'pda', boundByName: '扫码员' });
    const stored = await env.t.db
      .selectFrom('device_sn_bindings as b')
      .innerJoin('users as u', 'u.id', 'b.bound_by')
      .select('u.user_name')
      .where('b.device_id', '=', device.deviceId)
      .executeTakeFirstOrThrow();
    expect(stored.user_name).toBe(pda.userName);
  });

  it('answers NOT_FOUND for devices outside its company subtree and refuses duplicates and formats like the console', async () => {
    const pda = await pdaSession(env.tree.A1);
    for (const owner of [env.tree.A, env.tree.B]) {
      const outside = await deviceOf(env.t, owner);
      const before = await snapshotTables(env.t.db);
      const answer = await call(
        env.t.app,
        pdaBindSn,
        { deviceCode: outside.deviceCode, sn: freshSn() },
        { sessionid: pda.sessionid, language: 'zh_CN' },
      );
      expect(answer.body).toMatchObject({ error_code: ErrorCode.NOT_FOUND, error_msg: '记录不存在或您无权查看' });
      expect(await snapshotTables(env.t.db)).toEqual(before);
    }
    const [device, other] = [await deviceOf(env.t, env.tree.A1), await deviceOf(env.t, env.tree.A1)];
    const sn = freshSn();
    await call(env.t.app, pdaBindSn, { deviceCode: device.deviceCode, sn }, { sessionid: pda.sessionid });
    const taken = await call(env.t.app, pdaBindSn, { deviceCode: other.deviceCode, sn }, { sessionid: pda.sessionid });
    expect(taken.body.error_code).toBe(ErrorCode.DEVICE_SN_TAKEN);
    const format = await call(
      env.t.app,
      pdaBindSn,
      { deviceCode: other.deviceCode, sn: 'bad sn' },
      { sessionid: pda.sessionid, language: 'zh_CN' },
    );
    expect(format.body.error_msg).toContain('整机条码为 6-32 位');
  });

  it('is for PDA accounts only; a PDA account cannot use the console calls', async () => {
    const device = await deviceOf(env.t, env.tree.A);
    const console = await call(
      env.t.app,
      pdaBindSn,
      { deviceCode: device.deviceCode, sn: freshSn() },
      env.tree.asCaller,
    );
    expect(console.body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
    const pda = await pdaSession(env.tree.A);
    const consoleCall = await call(
      env.t.app,
      bindSn,
      { deviceCode: device.deviceCode, sn: freshSn() },
      { sessionid: pda.sessionid, dealersId: env.tree.A },
    );
    expect(consoleCall.body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
    const noSession = await call(env.t.app, pdaBindSn, { deviceCode: device.deviceCode, sn: freshSn() });
    expect(noSession.body.error_code).toBe(ErrorCode.SESSION_EXPIRED);
  });
});
