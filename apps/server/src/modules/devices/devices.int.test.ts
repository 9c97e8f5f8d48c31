import {
  Button,
  DEVICE_CODE_RULE,
  ErrorCode,
  addDevice,
  deleteDevice,
  getDevice,
  listDevices,
  resetDeviceSecret,
  updateDevice,
  type Device,
} from '@dcc/contract';
import { DEVICE_CODE_PATTERN } from '@dcc/protocol';
import { checkDeviceLogin, signDeviceLogin } from '@dcc/protocol/device-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { newDealer, newDevice, newMember, newProduct, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { localDeviceEvents } from '../../events/device-events.ts';
import { devicePresence } from '../../ingest/presence/presence.ts';
import { insertDevice, secretBoxOf } from './repo.ts';
import { secretBox } from './secret-box.ts';
import { takenRefusal } from '../../http/unique-violations.ts';
import { backendOf, untilBlockedBehind } from '../../../test/locks.ts';

/** P (level 0) -> A -> A1, and B beside A; the caller is a member of A holding the device list button. */
const env = {} as {
  t: TestApp;
  P: string;
  A: string;
  A1: string;
  B: string;
  productId: string;
  asCaller: { sessionid: string; dealersId: string };
};
const box = secretBox(loadConfig({}).deviceSecretKey);

beforeAll(async () => {
  env.t = await startTestApp();
  const db = env.t.db;
  env.P = await newDealer(db, { level: 0 });
  env.A = await newDealer(db, { parentId: env.P, level: 1 });
  env.A1 = await newDealer(db, { parentId: env.A, level: 2 });
  env.B = await newDealer(db, { parentId: env.P, level: 1 });
  env.productId = await newProduct(db);
  const caller = await newUser(db);
  await newMember(db, env.A, caller.id, [Button.DEVICES]);
  env.asCaller = { sessionid: await loginAs(env.t.app, caller.phone), dealersId: env.A };
});
afterAll(async () => env.t.close());

const SN_FORMAT_EN = "The barcode is 6-32 capital letters, digits or '-' (not first or last)";
const SN_FORMAT_ZH = '整机条码为 6-32 位大写字母、数字或“-”（首尾不能是“-”）';
let sequence = 0;
const code = () => `HP-${Date.now().toString(36)}-${(sequence += 1)}`;
const body = (extra: Record<string, unknown> = {}) => ({
  deviceCode: code(),
  deviceName: '热泵 1号',
  productId: env.productId,
  ...extra,
});
const add = (extra: Record<string, unknown> = {}, language?: 'zh_CN') =>
  call<Device & { deviceSecret: string }>(env.t.app, addDevice, body(extra), {
    ...env.asCaller,
    ...(language ? { language } : {}),
  });
const deviceCount = async () =>
  Number(
    (
      await env.t.db
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const storedSecret = async (deviceCode: string) => {
  const sealed = await secretBoxOf(env.t.db, deviceCode);
  return sealed ? box.open(sealed) : null;
};
const signsIn = async (deviceCode: string, secret: string) => {
  const now = Date.now();
  return checkDeviceLogin(signDeviceLogin(deviceCode, secret, now), {
    secretOf: storedSecret,
    nowMs: now,
    windowMs: 60_000,
  });
};

describe('device registry', () => {
  it('uses the protocol package rule for IoT codes', () => {
    expect(DEVICE_CODE_RULE.source).toBe(DEVICE_CODE_PATTERN.source);
  });

  it('adds an UNACTIVE device owned by the company and answers a secret once that signs the device in; the column never holds it in plain text', async () => {
    const added = await add({ sn: 'SN-A-1', model: 'KF-120', address: '杭州' });
    expect(added.body.error_code).toBe(0);
    const device = added.body.objectResult!;
    expect(device).toMatchObject({
      deviceName: '热泵 1号',
      sn: 'SN-A-1',
      model: 'KF-120',
      status: 'UNACTIVE',
      locked: false,
      isImportant: false,
      ownerDealerId: env.A,
      groupName: expect.stringMatching(/^Series /) as unknown,
      productId: env.productId,
      version: 1,
    });
    expect(device.deviceSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(await signsIn(device.deviceCode, device.deviceSecret)).toEqual({ ok: true, deviceCode: device.deviceCode });
    expect(await signsIn(device.deviceCode, 'f'.repeat(64))).toEqual({ ok: false, code: 6287 });

    const row = await env.t.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', device.deviceId)
      .executeTakeFirstOrThrow();
    const stored = Buffer.from(row.secret_box);
    expect(stored.includes(Buffer.from(device.deviceSecret))).toBe(false);
    expect(stored.includes(Buffer.from(device.deviceSecret, 'hex'))).toBe(false);
    expect(JSON.stringify(row)).not.toContain(device.deviceSecret);

    const read = await call<Device>(env.t.app, getDevice, { deviceId: device.deviceId }, env.asCaller);
    expect(read.body.objectResult).not.toHaveProperty('deviceSecret');
    expect(JSON.stringify(read.body)).not.toContain(device.deviceSecret);
  });

  it('refuses a taken IoT code or SN in both languages on the field, and adds nothing', async () => {
    const first = (await add({ sn: `SN-${code()}` })).body.objectResult!;
    const before = await deviceCount();
    const sameCode = await add({ deviceCode: first.deviceCode }, 'zh_CN');
    expect(sameCode.body).toMatchObject({
      error_code: ErrorCode.DEVICE_CODE_TAKEN,
      error_msg: '该物联网编码的设备已存在',
      objectResult: { fieldErrors: [{ field: 'deviceCode' }] },
    });
    const sameSn = await add({ sn: first.sn });
    expect(sameSn.body).toMatchObject({
      error_code: ErrorCode.DEVICE_SN_TAKEN,
      error_msg: 'A device with this SN already exists',
      objectResult: { fieldErrors: [{ field: 'sn' }] },
    });
    expect((await add({ sn: first.sn }, 'zh_CN')).body.error_msg).toBe('该SN的设备已存在');
    expect(await deviceCount()).toBe(before);
    // Unknown SNs (empty) may repeat.
    expect((await add()).body.error_code).toBe(0);
    expect((await add()).body.error_code).toBe(0);
  });

  it('takes a barcode only in the SN format, on add and edit alike, in both languages, and stores it trimmed and upper case', async () => {
    const before = await deviceCount();
    for (const sn of ['SN1', 'sn_0001', 'SN 0001', '-SN0001', 'A'.repeat(33)]) {
      expect((await add({ sn })).body).toMatchObject({
        error_code: ErrorCode.BAD_REQUEST,
        objectResult: { fieldErrors: [{ field: 'sn', message: SN_FORMAT_EN }] },
      });
    }
    expect((await add({ sn: 'sn_0001' }, 'zh_CN')).body.objectResult).toEqual({
      fieldErrors: [{ field: 'sn', message: SN_FORMAT_ZH }],
    });
    expect(await deviceCount()).toBe(before);

    const device = (await add({ sn: ' sn-lower-0001 ' })).body.objectResult!;
    expect(device.sn).toBe('SN-LOWER-0001');
    const badEdit = await call(
      env.t.app,
      updateDevice,
      { deviceId: device.deviceId, version: 1, deviceName: 'Renamed', sn: 'SN#0001' },
      { ...env.asCaller, language: 'zh_CN' },
    );
    expect(badEdit.body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field: 'sn', message: SN_FORMAT_ZH }] },
    });
    expect(
      (await call<Device>(env.t.app, getDevice, { deviceId: device.deviceId }, env.asCaller)).body.objectResult,
    ).toMatchObject({ deviceName: '热泵 1号', sn: 'SN-LOWER-0001', version: 1 });
    // Upper case on the way in: the same barcode typed in lower case is taken, not a second unit.
    expect((await add({ sn: 'sn-lower-0001' })).body.error_code).toBe(ErrorCode.DEVICE_SN_TAKEN);
  });

  it("names the field when the database's unique constraint refuses a write the checks let through (a concurrent add)", async () => {
    const first = (await add({ sn: `SN-${code()}` })).body.objectResult!;
    const row = {
      deviceName: 'Race',
      productId: env.productId,
      model: '',
      address: '',
      dealerId: env.A,
      secretBox: box.seal('x'),
    };
    const refusal = (write: Promise<unknown>) =>
      write.then(
        () => undefined,
        (error: unknown) => error,
      );
    const insert = (device: typeof row & { deviceCode: string; sn: string }) =>
      env.t.db.transaction().execute((trx) => insertDevice(trx, device, { operator: null, action: 'add' }));
    expect(takenRefusal(await refusal(insert({ ...row, deviceCode: first.deviceCode, sn: '' })))).toEqual({
      field: 'deviceCode',
      code: ErrorCode.DEVICE_CODE_TAKEN,
    });
    expect(takenRefusal(await refusal(insert({ ...row, deviceCode: code(), sn: first.sn })))).toEqual({
      field: 'sn',
      code: ErrorCode.DEVICE_SN_TAKEN,
    });
    expect(takenRefusal(new Error('other'))).toBeUndefined();
  });

  // Only PostgreSQL runs transactions side by side (PGlite serializes them): a writer holds the code uncommitted
  // while the call checks (and sees nothing), then commits while the call's insert waits on the unique index.
  it.skipIf(!process.env.DATABASE_URL)(
    'refuses on its field, not with 500, an add that a concurrent writer beat to the IoT code',
    async () => {
      const deviceCode = code();
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let inserted!: () => void;
      const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
      let writerBackend = 0;
      const writer = env.t.db.transaction().execute(async (trx) => {
        writerBackend = await backendOf(trx);
        await insertDevice(
          trx,
          {
            deviceCode,
            deviceName: 'First',
            productId: env.productId,
            sn: '',
            model: '',
            address: '',
            dealerId: env.A,
            secretBox: box.seal('x'),
          },
          { operator: null, action: 'add' },
        );
        inserted();
        await held;
      });
      await insertedYet;
      const answer = add({ deviceCode }, 'zh_CN');
      // The call's insert waits on the unique index for the writer's commit.
      await untilBlockedBehind(env.t.db, writerBackend);
      commit();
      await writer;
      const refused = await answer;
      expect(refused.status).toBe(200);
      expect(refused.body).toMatchObject({
        error_code: ErrorCode.DEVICE_CODE_TAKEN,
        objectResult: { fieldErrors: [{ field: 'deviceCode' }] },
      });
    },
  );

  it('refuses an IoT code that is not topic-safe on its field, and an unknown product', async () => {
    const before = await deviceCount();
    for (const deviceCode of ['dev/1', 'HP+1', 'HP#1', 'abc', 'x'.repeat(65)]) {
      const refused = await add({ deviceCode }, 'zh_CN');
      expect(refused.body).toMatchObject({
        error_code: ErrorCode.BAD_REQUEST,
        objectResult: { fieldErrors: [{ field: 'deviceCode', message: "物联网编码为4-64位字母、数字、'-'或'_'" }] },
      });
    }
    expect((await add({ deviceCode: 'dev/1' })).body.objectResult).toMatchObject({
      fieldErrors: [{ field: 'deviceCode', message: "The IoT code is 4-64 letters, digits, '-' or '_'" }],
    });
    const noProduct = await add({ productId: '999999999' }, 'zh_CN');
    expect(noProduct.body).toMatchObject({
      error_code: ErrorCode.PRODUCT_UNKNOWN,
      error_msg: '该产品不存在',
      objectResult: { fieldErrors: [{ field: 'productId' }] },
    });
    expect(await deviceCount()).toBe(before);
  });

  it('adds for a sub-dealer of the subtree, and refuses an owner outside it like a missing one', async () => {
    expect((await add({ ownerDealerId: env.A1 })).body.objectResult).toMatchObject({ ownerDealerId: env.A1 });
    const before = await deviceCount();
    for (const ownerDealerId of [env.B, env.P, '999999999'])
      expect((await add({ ownerDealerId })).body.error_code).toBe(ErrorCode.NOT_FOUND);
    expect(await deviceCount()).toBe(before);
  });

  it("never shows, edits, deletes or resets another branch's device: NOT_FOUND like a missing id, nothing changed", async () => {
    const foreign = await newDevice(env.t.db, env.B, box, env.productId);
    const boxBefore = await env.t.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', foreign)
      .executeTakeFirstOrThrow();
    for (const deviceId of [foreign, '999999999']) {
      const answers = [
        await call(env.t.app, getDevice, { deviceId }, env.asCaller),
        await call(env.t.app, updateDevice, { deviceId, version: 1, deviceName: 'Taken over' }, env.asCaller),
        await call(env.t.app, resetDeviceSecret, { deviceId }, env.asCaller),
        await call(env.t.app, deleteDevice, { deviceId }, env.asCaller),
      ];
      expect(answers.map((answer) => answer.body.error_code)).toEqual([
        ErrorCode.NOT_FOUND,
        ErrorCode.NOT_FOUND,
        ErrorCode.NOT_FOUND,
        ErrorCode.NOT_FOUND,
      ]);
    }
    expect(
      await env.t.db.selectFrom('devices').selectAll().where('id', '=', foreign).executeTakeFirstOrThrow(),
    ).toEqual(boxBefore);
    const listed = await call<{ list: Device[] }>(env.t.app, listDevices, { pageSize: 999 }, env.asCaller);
    expect(listed.body.objectResult!.list.map((device) => device.deviceId)).not.toContain(foreign);
  });

  it('edits name, SN, model and address at the read version, refuses a stale one, and deletes', async () => {
    const device = (await add()).body.objectResult!;
    const edited = await call<Device>(
      env.t.app,
      updateDevice,
      {
        deviceId: device.deviceId,
        version: 1,
        deviceName: 'Renamed',
        sn: `SN-${code()}`,
        model: 'M2',
        address: 'Ningbo',
      },
      env.asCaller,
    );
    expect(edited.body.objectResult).toMatchObject({
      deviceName: 'Renamed',
      model: 'M2',
      address: 'Ningbo',
      version: 2,
      deviceCode: device.deviceCode,
    });
    const stale = await call(
      env.t.app,
      updateDevice,
      { deviceId: device.deviceId, version: 1, deviceName: 'Lost update' },
      env.asCaller,
    );
    expect(stale.body.error_code).toBe(ErrorCode.STALE_VERSION);
    const other = (await add({ sn: `SN-${code()}` })).body.objectResult!;
    const takenSn = await call(
      env.t.app,
      updateDevice,
      { deviceId: device.deviceId, version: 2, deviceName: 'Renamed', sn: other.sn },
      env.asCaller,
    );
    expect(takenSn.body.error_code).toBe(ErrorCode.DEVICE_SN_TAKEN);
    expect(
      (await call<Device>(env.t.app, getDevice, { deviceId: device.deviceId }, env.asCaller)).body.objectResult,
    ).toMatchObject({ deviceName: 'Renamed', version: 2 });
    expect((await call(env.t.app, deleteDevice, { deviceId: device.deviceId }, env.asCaller)).body.error_code).toBe(0);
    expect((await call(env.t.app, getDevice, { deviceId: device.deviceId }, env.asCaller)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('resets the secret: the old one stops signing in, the new one does', async () => {
    const device = (await add()).body.objectResult!;
    const reset = await call<{ deviceId: string; deviceSecret: string }>(
      env.t.app,
      resetDeviceSecret,
      { deviceId: device.deviceId },
      env.asCaller,
    );
    const fresh = reset.body.objectResult!.deviceSecret;
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh).not.toBe(device.deviceSecret);
    expect(await signsIn(device.deviceCode, device.deviceSecret)).toEqual({ ok: false, code: 6287 });
    expect(await signsIn(device.deviceCode, fresh)).toEqual({ ok: true, deviceCode: device.deviceCode });
  });

  it('lists the subtree newest first by default, in pages, with a search over code, name and SN', async () => {
    const mark = code();
    const ids: string[] = [];
    for (const [index, extra] of [
      { deviceName: `${mark} one` },
      { sn: `${mark}-sn` },
      { deviceCode: `${mark}-c`, ownerDealerId: env.A1 },
    ].entries()) {
      const id = (await add(extra)).body.objectResult!.deviceId;
      ids.push(id);
      // Distinct creation times, a minute apart in the order added: the order under test is by the time a device was added.
      await env.t.db
        .updateTable('devices')
        .set({ created_at: new Date(Date.UTC(2026, 0, 1, 0, index)) })
        .where('id', '=', id)
        .execute();
    }
    const page1 = await call<{ list: Device[]; totalSize: number }>(
      env.t.app,
      listDevices,
      { keyword: mark, pageSize: 2 },
      env.asCaller,
    );
    expect(page1.body.objectResult!.totalSize).toBe(3);
    expect(page1.body.objectResult!.list.map((device) => device.deviceId)).toEqual([ids[2], ids[1]]);
    const page2 = await call<{ list: Device[] }>(
      env.t.app,
      listDevices,
      { keyword: mark, pageSize: 2, pageIndex: 2 },
      env.asCaller,
    );
    expect(page2.body.objectResult!.list.map((device) => device.deviceId)).toEqual([ids[0]]);
    const ascending = await call<{ list: Device[] }>(
      env.t.app,
      listDevices,
      { keyword: mark, sortField: 'createTime', sortOrder: 'ascend' },
      env.asCaller,
    );
    expect(ascending.body.objectResult!.list.map((device) => device.deviceId)).toEqual(ids);
    expect(
      (await call<{ totalSize: number }>(env.t.app, listDevices, { keyword: `${mark}-sn` }, env.asCaller)).body
        .objectResult!.totalSize,
    ).toBe(1);
    expect((await call(env.t.app, listDevices, { sortField: 'deviceName' }, env.asCaller)).body.error_code).toBe(
      ErrorCode.BAD_REQUEST,
    );
  });

  it("answers whether the device is connected, and its offline reason and check method in the caller's language", async () => {
    const device = (await add()).body.objectResult!;
    expect(device).toMatchObject({
      connected: false,
      offlineCode: null,
      offlineReason: null,
      offlineCheckMethod: null,
    });
    const presence = devicePresence(env.t.db, localDeviceEvents());
    await presence.online(device.deviceCode, 'c1');
    const online = (await call<Device>(env.t.app, getDevice, { deviceId: device.deviceId }, env.asCaller)).body
      .objectResult!;
    expect(online).toMatchObject({ connected: true, offlineCode: null, offlineReason: null, offlineCheckMethod: null });
    await presence.offline(device.deviceCode, 'c1', 6287);
    const english = (await call<Device>(env.t.app, getDevice, { deviceId: device.deviceId }, env.asCaller)).body
      .objectResult!;
    expect(english).toMatchObject({ connected: false, offlineCode: 6287, offlineReason: 'Signature error' });
    expect(english.offlineCheckMethod).toMatch(/device secret.*clock/);
    const chinese = await call<{ list: Device[] }>(
      env.t.app,
      listDevices,
      { keyword: device.deviceCode },
      { ...env.asCaller, language: 'zh_CN' },
    );
    expect(chinese.body.objectResult!.list[0]).toMatchObject({ offlineCode: 6287, offlineReason: '签名错误' });
    expect(chinese.body.objectResult!.list[0]!.offlineCheckMethod).toMatch(/设备密钥.*时钟/);
  });
});
