import {
  Button,
  ErrorCode,
  faultNow,
  getAddressHistoryValue,
  getDeviceValues,
  getPointHistory,
  getPointPosition,
  queryImportantDevice,
  updateImportantStatus,
  type Device,
  type PointValue,
  localName,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { demoDevice, demoReport, HEAT_PUMP_TABLE, testPipeline } from '../../../test/ingest-setup.ts';
import { caller, type ProjectCaller } from '../../../test/projects-setup.ts';

/**
 * The dashboard's device reads under their spec names answer what the device screens answer, through the same
 * services: key devices are the caller's favourites, fault_now the current faults of the levels the caller's
 * roles may view, getPointPosition and getAddressHistoryValue only the points the caller may read (B9405).
 * P (level 0) -> A -> A1 (level 2); the operator of P holds B9405, the member of A1 does not and views fault level 2 only.
 */
const w = {} as {
  t: TestApp;
  A1: string;
  operator: ProjectCaller;
  branch: ProjectCaller;
  pump: { id: string; code: string };
  top: { id: string; code: string };
  t0: number;
};

beforeAll(async () => {
  w.t = await startTestApp();
  const db = w.t.db;
  const P = await newDealer(db, { level: 0 });
  const A = await newDealer(db, { parentId: P, level: 1 });
  w.A1 = await newDealer(db, { parentId: A, level: 2 });
  const buttons = [Button.HOME, Button.HOME_KEY_DEVICES, Button.DEVICES];
  w.operator = await caller(w.t, P, [...buttons, Button.DEVICE_VENDOR_PARAMS]);
  w.branch = await caller(w.t, w.A1, buttons);
  await db
    .updateTable('roles')
    .set({ fault_levels: [2] })
    .where('dealer_id', '=', w.A1)
    .execute();
  w.pump = await demoDevice(db, w.A1);
  w.top = await demoDevice(db, P);
  w.t0 = Date.parse('2026-11-20T00:00:00Z');
  const { pipeline, store } = testPipeline(db);
  for (let k = 0; k < 3; k++)
    await store(w.pump.code, demoReport(w.pump.code, k, { 13: k, 21: 60 + k }), new Date(w.t0 + k * 30_000));
  await pipeline.close();
  const fault = (code: string, level: number, opened: number, closed: number | null = null) => ({
    device_id: w.pump.id,
    address: 30,
    fault_code: code,
    level,
    fault_type: 'heavy' as const,
    opened_at: new Date(opened),
    closed_at: closed === null ? null : new Date(closed),
  });
  await db
    .insertInto('device_faults')
    .values([
      fault('E01', 2, w.t0 + 1000),
      fault('E02', 3, w.t0 + 2000),
      fault('E04', 2, w.t0 + 500, w.t0 + 900),
      fault('E05', 1, w.t0 + 3000),
    ])
    .execute();
});
afterAll(async () => w.t.close());

describe('key device inspection', () => {
  it('follows and unfollows devices of the subtree for the caller, listing them with status and fault state', async () => {
    expect((await w.operator.api(updateImportantStatus, { deviceId: w.top.id, isImportant: 1 })).error_code).toBe(0);
    expect((await w.operator.api(updateImportantStatus, { deviceId: w.pump.id, isImportant: 1 })).error_code).toBe(0);
    const listed = await w.operator.api<{ dataList: Device[]; total: number }>(queryImportantDevice, {});
    expect(listed.objectResult!.total).toBe(2);
    expect(listed.objectResult!.dataList.map((d) => [d.deviceCode, d.faultState, d.status])).toEqual([
      [w.pump.code, true, 'UNACTIVE'],
      [w.top.code, false, 'UNACTIVE'],
    ]);
    // The member of A1 follows for itself, and cannot reach a device above its branch.
    expect((await w.branch.api<{ total: number }>(queryImportantDevice, {})).objectResult!.total).toBe(0);
    const above = await w.branch.api(updateImportantStatus, { deviceId: w.top.id, isImportant: 1 });
    expect(above.error_code).toBe(ErrorCode.NOT_FOUND);
    expect((await w.operator.api(updateImportantStatus, { deviceId: w.pump.id, isImportant: 0 })).error_code).toBe(0);
    const after = await w.operator.api<{ dataList: Device[]; total: number }>(queryImportantDevice, { pageIndex: 1 });
    expect(after.objectResult!.dataList.map((d) => d.deviceCode)).toEqual([w.top.code]);
    const bad = await w.operator.api(updateImportantStatus, { deviceId: w.top.id, isImportant: 2 }, 'zh_CN');
    expect(bad.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(bad.error_msg).toContain('关注标志只能是 0 或 1');
  });
});

describe('fault_now', () => {
  /** A fault's description as an English reader gets it (the calls below are made in en_US). */
  const description = (code: string) => {
    const fault = HEAT_PUMP_TABLE.byAddress.get(30)!.faultBits!.find((f) => f.faultCode === code)!;
    return localName('en-US', fault.description, fault.enDescription);
  };

  it('answers the open faults of the levels the caller may view, newest first, by id or IoT code', async () => {
    const operator = await w.operator.api(faultNow, { deviceId: w.pump.id, deviceCode: w.pump.code });
    expect(operator.objectResult).toEqual({
      total: 3,
      dataList: [
        expect.objectContaining({ faultCode: 'E05', level: 1, createTime: new Date(w.t0 + 3000).toISOString() }),
        expect.objectContaining({ faultCode: 'E02', level: 3, description: description('E02') }),
        expect.objectContaining({ faultCode: 'E01', level: 2, description: description('E01') }),
      ],
    });
    const branch = await w.branch.api<{ total: number; dataList: Array<{ faultCode: string }> }>(faultNow, {
      deviceCode: w.pump.code,
    });
    expect(branch.objectResult!.dataList.map((f) => f.faultCode)).toEqual(['E01']);
    const ranged = await w.operator.api<{ total: number }>(faultNow, {
      deviceId: w.pump.id,
      startTime: new Date(w.t0 + 1500).toISOString(),
      endTime: new Date(w.t0 + 2500).toISOString(),
    });
    expect(ranged.objectResult!.total).toBe(1);
  });

  it('refuses a device outside the subtree, an id and a code of different devices, and neither', async () => {
    expect((await w.branch.api(faultNow, { deviceId: w.top.id })).error_code).toBe(ErrorCode.NOT_FOUND);
    expect((await w.operator.api(faultNow, { deviceId: w.pump.id, deviceCode: w.top.code })).error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    const neither = await w.operator.api(faultNow, {});
    expect(neither.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(neither.error_msg).toContain('Please give the IoT code');
  });
});

describe('point trend', () => {
  it('lists the points the caller may read, as the device detail does, with content in its language', async () => {
    for (const who of [w.operator, w.branch]) {
      const positions = await who.api<{ total: number; dataList: Array<{ address: number; content: string }> }>(
        getPointPosition,
        { deviceCode: w.pump.code, pageIndex: 1, pageSize: 1000 },
      );
      const values = await who.api<{ dataList: PointValue[] }>(getDeviceValues, { deviceId: w.pump.id });
      expect(positions.objectResult!.dataList.map((p) => p.address)).toEqual(
        values.objectResult!.dataList.map((p) => p.address),
      );
      expect(positions.objectResult!.total).toBe(values.objectResult!.dataList.length);
    }
    const all = await w.operator.api<{ dataList: Array<{ address: number }> }>(getPointPosition, {
      deviceCode: w.pump.code,
    });
    const plain = await w.branch.api<{ dataList: Array<{ address: number }> }>(getPointPosition, {
      deviceCode: w.pump.code,
    });
    expect(all.objectResult!.dataList.some((p) => p.address === 21)).toBe(true);
    expect(plain.objectResult!.dataList.some((p) => p.address === 21)).toBe(false);
    const zh = await w.branch.api<{ dataList: Array<{ address: number; content: string; mode: string }> }>(
      getPointPosition,
      { deviceCode: w.pump.code },
      'zh_CN',
    );
    const point13 = HEAT_PUMP_TABLE.byAddress.get(13)!;
    expect(zh.objectResult!.dataList.find((p) => p.address === 13)).toMatchObject({ content: point13.name, mode: 'R' });
    const page = await w.operator.api<{ dataList: unknown[]; total: number }>(getPointPosition, {
      deviceCode: w.pump.code,
      pageIndex: 2,
      pageSize: 5,
    });
    expect(page.objectResult!.dataList).toHaveLength(Math.min(5, all.objectResult!.dataList.length - 5));
  });

  it('answers the history by IoT code as pointHistory does, a vendor point like one never reported', async () => {
    const range = {
      startTime: new Date(w.t0 - 1000).toISOString(),
      endTime: new Date(w.t0 + 120_000).toISOString(),
      addressList: [13, 21],
    };
    for (const who of [w.operator, w.branch]) {
      const byCode = await who.api(getAddressHistoryValue, { deviceCode: w.pump.code, ...range });
      const byId = await who.api(getPointHistory, { deviceId: w.pump.id, ...range });
      expect(byCode.objectResult).toEqual(byId.objectResult);
    }
    const plain = await w.branch.api<{
      times: number[];
      addressList: Array<{ address: number; valueList: unknown[] }>;
    }>(getAddressHistoryValue, { deviceCode: w.pump.code, ...range });
    expect(plain.objectResult!.addressList.find((a) => a.address === 13)!.valueList).toEqual([0, 1, 2]);
    expect(plain.objectResult!.addressList.find((a) => a.address === 21)!.valueList).toEqual([null, null, null]);
    const vendor = await w.operator.api<{ addressList: Array<{ address: number; valueList: unknown[] }> }>(
      getAddressHistoryValue,
      { deviceCode: w.pump.code, ...range },
    );
    expect(vendor.objectResult!.addressList.find((a) => a.address === 21)!.valueList).toEqual([60, 61, 62]);
    expect((await w.branch.api(getAddressHistoryValue, { deviceCode: w.top.code, ...range })).error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    const long = await w.branch.api(
      getAddressHistoryValue,
      { deviceCode: w.pump.code, ...range, endTime: new Date(w.t0 + 8 * 86_400_000).toISOString() },
      'zh_CN',
    );
    expect(long.error_code).toBe(ErrorCode.BAD_REQUEST);
  });

  it('refuses a caller without the home button', async () => {
    const outsider = await caller(w.t, w.A1, [Button.DEVICES]);
    expect((await outsider.api(getPointPosition, { deviceCode: w.pump.code })).error_code).toBe(
      ErrorCode.PERMISSION_DENIED,
    );
    expect((await outsider.api(faultNow, { deviceId: w.pump.id })).error_code).toBe(ErrorCode.PERMISSION_DENIED);
  });
});
