import {
  Button,
  countDevices,
  ErrorCode,
  exportPointHistory,
  getDeviceExport,
  getDeviceValues,
  getDeviceValuesAt,
  getPointHistory,
  listDeviceOperations,
  listDevicePackets,
  listDevices,
  listFilterPoints,
  setDevicePointValues,
  startDeviceExport,
  type DeviceOperation,
  type PointValue,
} from '@dcc/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { demoDevice, demoReport, testPipeline } from '../../../test/ingest-setup.ts';
import { askAs } from '../../../test/telemetry-calls.ts';
import { testScope } from '../../../test/scope.ts';
import { waitFor } from '../../../test/device-link.ts';
import { countDevices as countDeviceRows } from '../devices/repo.ts';

/**
 * The vendor-parameter rule (vendor-visibility.ts) in every reader of point values: a member of A
 * without B9405 (plain) and one with it (vendor). The demo heat pump's point 21 (maxSet) is a vendor
 * parameter and the upper end of point 3's range (30..$21$). `pump` reported 21 = 60, `other` 21 = 73.
 */
type Caller = { sessionid: string; dealersId: string };
const env = {} as {
  t: TestApp;
  A: string;
  productId: string;
  pump: { id: string; code: string };
  other: { id: string; code: string };
  t0: number;
  plain: Caller;
  vendor: Caller;
};

beforeAll(async () => {
  env.t = await startTestApp();
  const db = env.t.db;
  const P = await newDealer(db, { level: 0 });
  env.A = await newDealer(db, { parentId: P, level: 1 });
  const member = async (buttons: string[]) => {
    const user = await newUser(db);
    await newMember(db, env.A, user.id, buttons);
    return { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.A };
  };
  env.plain = await member([Button.DEVICES, Button.DEVICE_CONTROL]);
  env.vendor = await member([Button.DEVICES, Button.DEVICE_CONTROL, Button.DEVICE_VENDOR_PARAMS]);
  env.pump = await demoDevice(db, env.A);
  env.other = await demoDevice(db, env.A);
  env.productId = (
    await db.selectFrom('products').select('id').where('product_key', '=', 'pkhpa200demo').executeTakeFirstOrThrow()
  ).id;
  env.t0 = Date.parse('2026-11-20T00:00:00Z');
  const { pipeline, store } = testPipeline(db);
  for (let k = 0; k < 3; k++)
    await store(env.pump.code, demoReport(env.pump.code, k, { 13: k }), new Date(env.t0 + k * 30_000));
  await store(env.other.code, demoReport(env.other.code, 0, { 21: 73 }), new Date(env.t0));
  await pipeline.close();
  // Online, so that a set command passes every check before the (absent) broker.
  await db.updateTable('devices').set({ connected: true }).where('id', 'in', [env.pump.id, env.other.id]).execute();
});
afterAll(async () => env.t.close());

const plain = askAs(
  () => env.t,
  () => env.plain,
);
const vendor = askAs(
  () => env.t,
  () => env.vendor,
);
type Ask = typeof plain;
const iso = (ms: number) => new Date(ms).toISOString();
const byAddress = (list: PointValue[], address: number) => list.find((p) => p.address === address);

describe('vendor parameters (B9405) in every reader', () => {
  it('current values: no vendor point, and a range end that is one is answered hidden, never as its number', async () => {
    const shown = (await plain<{ dataList: PointValue[] }>(getDeviceValues, { deviceId: env.pump.id })).body
      .objectResult!.dataList;
    expect(byAddress(shown, 21)).toBeUndefined();
    expect(byAddress(shown, 3)).toMatchObject({ min: 30, max: null, minHidden: false, maxHidden: true });
    expect(JSON.stringify(byAddress(shown, 3))).not.toContain('60');
    const full = (await vendor<{ dataList: PointValue[] }>(getDeviceValues, { deviceId: env.pump.id })).body
      .objectResult!.dataList;
    expect(byAddress(full, 21)).toMatchObject({ value: 60, vendorParam: true });
    expect(byAddress(full, 3)).toMatchObject({ min: 30, max: 60, minHidden: false, maxHidden: false });
  });

  it('current values: a range end read from a point not reported yet names that point (to the reader who may see it)', async () => {
    const silent = await demoDevice(env.t.db, env.A);
    const full = (await vendor<{ dataList: PointValue[] }>(getDeviceValues, { deviceId: silent.id })).body.objectResult!
      .dataList;
    expect(byAddress(full, 3)).toMatchObject({
      min: 30,
      max: null,
      maxHidden: false,
      minAwaits: null,
      maxAwaits: { address: 21, enName: expect.any(String) as string },
    });
    const shown = (await plain<{ dataList: PointValue[] }>(getDeviceValues, { deviceId: silent.id })).body.objectResult!
      .dataList;
    expect(byAddress(shown, 3)).toMatchObject({ max: null, maxHidden: true, maxAwaits: null });
  });

  it('time travel: no vendor point, the range end hidden', async () => {
    const at = { deviceId: env.pump.id, time: iso(env.t0 + 3_600_000) };
    const shown = (await plain<{ dataList: PointValue[] }>(getDeviceValuesAt, at)).body.objectResult!.dataList;
    expect(byAddress(shown, 21)).toBeUndefined();
    expect(byAddress(shown, 3)).toMatchObject({ maxHidden: true });
    expect(
      byAddress((await vendor<{ dataList: PointValue[] }>(getDeviceValuesAt, at)).body.objectResult!.dataList, 21),
    ).toMatchObject({ value: 60 });
  });

  it('history and its export: a vendor point answers as an address never reported', async () => {
    const span = { deviceId: env.pump.id, startTime: iso(env.t0), endTime: iso(env.t0 + 3_600_000) };
    type History = { times: number[]; addressList: Array<{ address: number; valueList: Array<number | null> }> };
    const history = async (as: Ask, addressList: number[]) =>
      (await as<History>(getPointHistory, { ...span, addressList })).body.objectResult!;
    const never = await history(plain, [9999]);
    expect(await history(plain, [21])).toEqual({ ...never, addressList: [{ ...never.addressList[0]!, address: 21 }] });
    expect((await history(vendor, [21])).addressList[0]!.valueList).toEqual([60, 60, 60]);

    const cells = async (as: Ask) => {
      const file = (
        await as<{ contentBase64: string; rowCount: number }>(
          exportPointHistory,
          { ...span, addressList: [13, 21] },
          'en_US',
        )
      ).body.objectResult!;
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(file.contentBase64, 'base64') as unknown as ArrayBuffer);
      return book.worksheets[0]!.getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(2));
    };
    expect(await cells(plain)).toEqual([['Ambient temp (°C)', '21'], [0], [1], [2]]);
    expect(await cells(vendor)).toEqual([
      ['Ambient temp (°C)', 'Max hot-water setpoint (°C)'],
      [0, 60],
      [1, 60],
      [2, 60],
    ]);
  });

  it('communication log: frames without vendor rows and without raw bytes', async () => {
    type Packets = {
      list: Array<{
        hex: string | null;
        decoded: { ok: boolean; rows: Array<{ address: number; value: number | null }> } | null;
      }>;
    };
    const shown = (await plain<Packets>(listDevicePackets, { deviceId: env.pump.id })).body.objectResult!.list;
    expect(shown).toHaveLength(3);
    for (const packet of shown) {
      expect(packet.hex).toBeNull();
      expect(packet.decoded!.ok).toBe(true);
      expect(packet.decoded!.rows.map((row) => row.address)).toContain(3);
      expect(packet.decoded!.rows.map((row) => row.address)).not.toContain(21);
    }
    const full = (await vendor<Packets>(listDevicePackets, { deviceId: env.pump.id })).body.objectResult!.list;
    expect(full[0]!.hex).toBe(demoReport(env.pump.code, 2, { 13: 2 }).toString('hex'));
    expect(full[0]!.decoded!.rows).toContainEqual(expect.objectContaining({ address: 21, value: 60 }));
  });

  it('device list filter: a vendor address is refused as an address the product does not have, and is not offered', async () => {
    const filter = (address: number, symbol: string, value: number) => ({
      combinator: 'and',
      conditions: [{ field: 'addressData', productId: env.productId, address, symbol, value }],
    });
    const count = async (as: Ask, address: number, symbol: string, value: number, language = 'en_US') =>
      (await as<{ totalSize: number }>(countDevices, { filter: filter(address, symbol, value) }, language)).body;
    expect([
      (await count(vendor, 21, '=', 73)).objectResult,
      (await count(vendor, 21, '=', 74)).objectResult,
      (await count(vendor, 21, '>', 0)).objectResult,
    ]).toEqual([
      { totalSize: 1, totalExact: true },
      { totalSize: 0, totalExact: true },
      { totalSize: 2, totalExact: true },
    ]);
    expect((await count(plain, 3, '=', 55)).objectResult).toEqual({ totalSize: 2, totalExact: true });
    const unknown = (address: number, message: string) => ({
      error_code: ErrorCode.FILTER_POINT_UNKNOWN,
      error_msg: message,
      objectResult: { fieldErrors: [{ field: 'filter.conditions.0.address', message }] },
    });
    for (const [symbol, value] of [
      ['=', 73],
      ['=', 74],
      ['!=', 74],
    ] as const) {
      expect(await count(plain, 21, symbol, value)).toEqual(unknown(21, 'Point 21 is not a parameter of this product'));
      expect(await count(plain, 9999, symbol, value)).toEqual(
        unknown(9999, 'Point 9999 is not a parameter of this product'),
      );
    }
    expect(await count(plain, 21, '=', 73, 'zh_CN')).toEqual(unknown(21, '点位 21 不是该产品的参数'));
    expect((await count(vendor, 9999, '=', 1)).error_code).toBe(ErrorCode.FILTER_POINT_UNKNOWN);
    const list = async (as: Ask) =>
      (await as<{ totalSize: number }>(listDevices, { filter: filter(21, '=', 73) })).body;
    expect((await list(plain)).error_code).toBe(ErrorCode.FILTER_POINT_UNKNOWN);
    expect((await list(vendor)).objectResult).toMatchObject({ totalSize: 1 });

    const exported = async (as: Ask) => {
      const started = (
        await as<{ jobId: string; totalRows: number }>(startDeviceExport, { filter: filter(21, '>', 0) })
      ).body;
      if (started.error_code !== 0) return started.error_code;
      const { jobId, totalRows } = started.objectResult!;
      let progress = { state: 'running', writtenRows: 0 };
      await waitFor('the export finished', async () => {
        progress = (await as<{ state: string; writtenRows: number }>(getDeviceExport, { jobId })).body.objectResult!;
        return progress.state !== 'running';
      });
      return { totalRows, writtenRows: progress.writtenRows };
    };
    expect(await exported(plain)).toBe(ErrorCode.FILTER_POINT_UNKNOWN);
    expect(await exported(vendor)).toEqual({ totalRows: 2, writtenRows: 2 });

    const offered = async (as: Ask) =>
      (await as<Array<{ address: number }>>(listFilterPoints, { productId: env.productId })).body.objectResult!.map(
        (p) => p.address,
      );
    expect(await offered(plain)).not.toContain(21);
    expect(await offered(plain)).toContain(3);
    expect(await offered(vendor)).toContain(21);
  });

  it('device list filter SQL: a vendor address matches no device for a reader without the button, whoever calls it', async () => {
    const scope = await testScope(env.t.db, env.A);
    const query = (address: number, symbol: '=' | '!=' | '>', value: number) => ({
      keyword: '',
      filter: {
        combinator: 'and' as const,
        conditions: [{ field: 'addressData' as const, productId: env.productId, address, symbol, value }],
      },
    });
    for (const [symbol, value] of [
      ['=', 73],
      ['!=', 74],
      ['>', 0],
    ] as const) {
      expect(
        await countDeviceRows(env.t.db, scope, { vendorParams: false }, query(21, symbol, value)),
        `${symbol} ${value}`,
      ).toBe(0);
    }
    expect(await countDeviceRows(env.t.db, scope, { vendorParams: true }, query(21, '=', 73))).toBe(1);
    expect(await countDeviceRows(env.t.db, scope, { vendorParams: false }, query(3, '=', 55))).toBe(2);
  });

  it('set commands: a vendor point is refused, and a range refusal never quotes nor names the vendor point', async () => {
    const set = (as: Ask, deviceId: string, values: Array<{ address: number; value: number }>, language = 'en_US') =>
      as(setDevicePointValues, { deviceId, values }, language);
    expect((await set(plain, env.pump.id, [{ address: 21, value: 70 }])).body.error_code).toBe(
      ErrorCode.POINT_VENDOR_PARAM,
    );
    const refused = (await set(plain, env.other.id, [{ address: 3, value: 74 }])).body;
    expect(refused).toMatchObject({
      error_code: ErrorCode.VALUE_OUT_OF_FACTORY_RANGE,
      objectResult: {
        fieldErrors: [
          {
            field: 'values.0.value',
            message: 'Point Hot-water setpoint (3): 74 is outside its range, which depends on a factory setting',
          },
        ],
      },
    });
    expect(JSON.stringify(refused)).not.toContain('73');
    expect((await set(plain, env.other.id, [{ address: 3, value: 74 }], 'zh_CN')).body.error_msg).toBe(
      '点位 热水设定温度 (3)：74 超出取值范围（该范围取决于厂家设定）',
    );
    expect((await set(vendor, env.other.id, [{ address: 3, value: 74 }])).body).toMatchObject({
      error_code: ErrorCode.VALUE_OUT_OF_RANGE,
      error_msg: 'Point Hot-water setpoint (3): 74 is outside its range 30 to 73',
    });

    // A device that never reported the vendor point: the refusal does not name it either.
    const fresh = await demoDevice(env.t.db, env.A);
    await env.t.db.updateTable('devices').set({ connected: true }).where('id', '=', fresh.id).execute();
    const unknown = (await set(plain, fresh.id, [{ address: 3, value: 50 }])).body;
    expect(unknown).toMatchObject({
      error_code: ErrorCode.FACTORY_RANGE_UNKNOWN,
      error_msg: 'Point Hot-water setpoint (3): its range depends on a factory setting the device has not reported yet',
    });
    expect((await set(vendor, fresh.id, [{ address: 3, value: 50 }])).body.error_code).toBe(
      ErrorCode.RANGE_REFERENCE_UNKNOWN,
    );
  });

  it("operation log: another's vendor values and a refusal quoting one are not shown to a reader without the button", async () => {
    const device = await demoDevice(env.t.db, env.A);
    const db = env.t.db;
    await db.updateTable('devices').set({ connected: true }).where('id', '=', device.id).execute();
    await db
      .insertInto('device_values')
      .values({ device_id: device.id, point_values: JSON.stringify({ 21: 60 }) })
      .execute();
    // No broker runs in the test app: each command passes its checks and is logged as not sent, or refused for its range.
    await vendor(setDevicePointValues, {
      deviceId: device.id,
      values: [
        { address: 21, value: 67 },
        { address: 3, value: 41 },
      ],
    });
    await vendor(setDevicePointValues, { deviceId: device.id, values: [{ address: 3, value: 61 }] });
    const log = async (as: Ask) =>
      (
        await as<{ list: DeviceOperation[] }>(
          listDeviceOperations,
          { deviceId: device.id, pageIndex: 1, pageSize: 10 },
          'en_US',
        )
      ).body.objectResult!.list;
    const full = await log(vendor);
    expect(full.map((entry) => [entry.summary, entry.detail])).toEqual([
      ['3=61', 'Point Hot-water setpoint (3): 61 is outside its range 30 to 60'],
      ['21=67, 3=41', 'The command could not be sent to the device: no device broker runs in this server'],
    ]);
    const shown = await log(plain);
    expect(shown.map((entry) => [entry.summary, entry.detail])).toEqual([
      ['3=61', 'Point Hot-water setpoint (3): 61 is outside its range, which depends on a factory setting'],
      ['3=41', 'The command could not be sent to the device: no device broker runs in this server'],
    ]);
  });
});
