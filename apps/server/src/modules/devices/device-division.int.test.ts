import {
  Button,
  ErrorCode,
  addDevice,
  importDevices,
  listDevices,
  updateDevice,
  type Device,
  type ImportRefusal,
} from '@dcc/contract';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer, newMember, newProduct, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { postMultipart } from '../../../test/uploads.ts';

/** A device's province and city (GB/T 2260 codes, as the list's area filter names them): added, edited, imported, refused. */
const env = {} as { t: TestApp; productName: string; productId: string; as: { sessionid: string; dealersId: string } };

beforeAll(async () => {
  env.t = await startTestApp();
  const db = env.t.db;
  const P = await newDealer(db, { level: 0 });
  const A = await newDealer(db, { parentId: P, level: 1 });
  env.productId = await newProduct(db);
  env.productName = (
    await db.selectFrom('products').select('name').where('id', '=', env.productId).executeTakeFirstOrThrow()
  ).name;
  const user = await newUser(db);
  await newMember(db, A, user.id, [Button.DEVICES, Button.DEVICE_IMPORT]);
  env.as = { sessionid: await loginAs(env.t.app, user.phone), dealersId: A };
});
afterAll(async () => env.t.close());

let sequence = 0;
const code = () => `DIV-${Date.now().toString(36)}-${(sequence += 1)}`;
const add = (extra: Record<string, unknown>, language?: 'zh_CN') =>
  call<Device>(
    env.t.app,
    addDevice,
    { deviceCode: code(), deviceName: 'Division', productId: env.productId, ...extra },
    { ...env.as, ...(language ? { language } : {}) },
  );
const stored = (deviceId: string) =>
  env.t.db
    .selectFrom('devices')
    .select(['province_code', 'city_code'])
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
const deviceCount = async () =>
  Number(
    (
      await env.t.db
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const inArea = async (province: string, city: string) => {
  const filter = { combinator: 'and', conditions: [{ field: 'area', province, city }] };
  const answer = await call<{ list: Device[] }>(
    env.t.app,
    listDevices,
    { pageIndex: 1, pageSize: 100, filter },
    env.as,
  );
  return answer.body.objectResult!.list.map((d) => d.deviceCode);
};

describe('device province and city', () => {
  it('adds a device with a province and a city, which the area filter then finds; a municipality names its city level XX0100', async () => {
    const added = await add({ provinceCode: '330000', cityCode: '330100' });
    expect(added.body.error_code).toBe(0);
    expect(added.body.objectResult).toMatchObject({ provinceCode: '330000', cityCode: '330100' });
    expect(await stored(added.body.objectResult!.deviceId)).toEqual({ province_code: '330000', city_code: '330100' });
    expect(await inArea('330000', '330100')).toContain(added.body.objectResult!.deviceCode);
    expect(await inArea('330000', '330200')).not.toContain(added.body.objectResult!.deviceCode);

    const beijing = await add({ provinceCode: '110000', cityCode: '110100' });
    expect(beijing.body.objectResult).toMatchObject({ provinceCode: '110000', cityCode: '110100' });
    const provinceOnly = await add({ provinceCode: '440000' });
    expect(provinceOnly.body.objectResult).toMatchObject({ provinceCode: '440000', cityCode: '' });
    const none = await add({});
    expect(none.body.objectResult).toMatchObject({ provinceCode: '', cityCode: '' });
  });

  it.each([
    [
      'a malformed province',
      { provinceCode: '33' },
      'provinceCode',
      'Please choose a province (a GB/T 2260 province code)',
      '请选择省份（GB/T 2260 省级编码）',
    ],
    [
      'a city without its province',
      { cityCode: '330100' },
      'cityCode',
      'Please choose a city of the chosen province',
      '请选择所选省份下的城市',
    ],
    [
      'a city of another province',
      { provinceCode: '330000', cityCode: '110100' },
      'cityCode',
      'Please choose a city of the chosen province',
      '请选择所选省份下的城市',
    ],
    [
      'a province code as the city',
      { provinceCode: '330000', cityCode: '330000' },
      'cityCode',
      'Please choose a city of the chosen province',
      '请选择所选省份下的城市',
    ],
  ])('refuses %s in both languages on the field, and adds nothing', async (_name, fields, field, english, chinese) => {
    const before = await deviceCount();
    expect((await add(fields)).body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field, message: english }] },
    });
    expect((await add(fields, 'zh_CN')).body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field, message: chinese }] },
    });
    expect(await deviceCount()).toBe(before);
  });

  it('refuses division codes that do not exist (unknown province, unknown city of a known province)', async () => {
    const before = await deviceCount();
    expect((await add({ provinceCode: '990000' })).body).toMatchObject({
      error_code: ErrorCode.AREA_UNKNOWN,
      error_msg: 'Unknown province or city code: 990000',
      objectResult: { fieldErrors: [{ field: 'provinceCode' }] },
    });
    expect((await add({ provinceCode: '330000', cityCode: '339900' }, 'zh_CN')).body).toMatchObject({
      error_code: ErrorCode.AREA_UNKNOWN,
      error_msg: '未知的省份或城市编码：339900',
      objectResult: { fieldErrors: [{ field: 'cityCode' }] },
    });
    expect(await deviceCount()).toBe(before);
  });

  it('edits the division with updateDevice, clears it with empty codes, and refuses a bad one without changing the device', async () => {
    const device = (await add({ provinceCode: '330000', cityCode: '330100' })).body.objectResult!;
    const edit = (version: number, extra: Record<string, unknown>) =>
      call<Device>(
        env.t.app,
        updateDevice,
        { deviceId: device.deviceId, version, deviceName: 'Moved', ...extra },
        env.as,
      );
    const moved = await edit(device.version, { provinceCode: '320000', cityCode: '320500' });
    expect(moved.body.objectResult).toMatchObject({
      provinceCode: '320000',
      cityCode: '320500',
      version: device.version + 1,
    });
    expect((await edit(device.version + 1, { provinceCode: '320000', cityCode: '330100' })).body).toMatchObject({
      error_code: ErrorCode.BAD_REQUEST,
      objectResult: { fieldErrors: [{ field: 'cityCode' }] },
    });
    expect((await edit(device.version + 1, { provinceCode: '320000', cityCode: '329900' })).body).toMatchObject({
      error_code: ErrorCode.AREA_UNKNOWN,
    });
    expect(await stored(device.deviceId)).toEqual({ province_code: '320000', city_code: '320500' });
    const cleared = await edit(device.version + 1, { provinceCode: '', cityCode: '' });
    expect(cleared.body.objectResult).toMatchObject({ provinceCode: '', cityCode: '' });
  });
});

const HEADER = ['IoT code', 'Device name', 'Product', 'Province code', 'City code'];
const bookOf = (rows: unknown[][]): Buffer => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Devices');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};
const upload = (rows: unknown[][], language = 'en_US') =>
  postMultipart(env.t.app, importDevices.path, env.as, {}, { name: 'devices.xlsx', bytes: bookOf(rows) }, language);

describe('device import with province and city', () => {
  it('stores the codes of each row (numbers or text cells)', async () => {
    const [c1, c2, c3] = [code(), code(), code()];
    const answer = await upload([
      HEADER,
      [c1, 'One', env.productName, 330000, 330100],
      [c2, 'Two', env.productName, '110000', '110100'],
      [c3, 'Three', env.productName, '', ''],
    ]);
    expect(answer.body).toMatchObject({ error_code: 0, objectResult: { imported: 3 } });
    const rows = await env.t.db
      .selectFrom('devices')
      .select(['device_code', 'province_code', 'city_code'])
      .where('device_code', 'in', [c1, c2, c3])
      .orderBy('device_code')
      .execute();
    expect(rows).toEqual([
      { device_code: c1, province_code: '330000', city_code: '330100' },
      { device_code: c2, province_code: '110000', city_code: '110100' },
      { device_code: c3, province_code: '', city_code: '' },
    ]);
  });

  it("refuses the whole file for a malformed, foreign or unknown division, naming row and column in the caller's language", async () => {
    const before = await deviceCount();
    const good = [code(), 'Good', env.productName, '330000', '330100'];
    const malformed = await upload(
      [
        HEADER,
        good,
        [code(), 'Bad', env.productName, '33', ''],
        [code(), 'Foreign', env.productName, '330000', '110100'],
      ],
      'zh_CN',
    );
    expect(malformed.body.error_code).toBe(ErrorCode.DEVICE_IMPORT_INVALID);
    expect((malformed.body.objectResult as ImportRefusal).problems).toEqual([
      { row: 3, column: 'Province code', message: '请选择省份（GB/T 2260 省级编码）' },
      { row: 4, column: 'City code', message: '请选择所选省份下的城市' },
    ]);
    const unknown = await upload([
      HEADER,
      good,
      [code(), 'Unknown', env.productName, '990000', ''],
      [code(), 'No city', env.productName, '330000', '339900'],
    ]);
    expect(unknown.body.error_code).toBe(ErrorCode.DEVICE_IMPORT_INVALID);
    expect((unknown.body.objectResult as ImportRefusal).problems).toEqual([
      { row: 3, column: 'Province code', message: 'Unknown province or city code: 990000' },
      { row: 4, column: 'City code', message: 'Unknown province or city code: 339900' },
    ]);
    expect(await deviceCount()).toBe(before);
  });
});
