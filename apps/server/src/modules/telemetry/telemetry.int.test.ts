import {
  Button,
  ErrorCode,
  exportPointHistory,
  getDeviceValues,
  getDeviceValuesAt,
  getPointHistory,
  listDeviceFaults,
  listDevicePackets,
  listDeviceRefusals,
  listDeviceStatusHistory,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { demoDevice, demoReport, testPipeline } from '../../../test/ingest-setup.ts';
import { askAs, onlineThenTimedOut } from '../../../test/telemetry-calls.ts';

/** P (level 0) -> A, and B beside A; the caller is a member of A with the device list button. */
const env = {} as {
  t: TestApp;
  A: string;
  B: string;
  asCaller: { sessionid: string; dealersId: string };
  mine: { id: string; code: string };
  t0: number;
};

beforeAll(async () => {
  env.t = await startTestApp();
  const db = env.t.db;
  const P = await newDealer(db, { level: 0 });
  env.A = await newDealer(db, { parentId: P, level: 1 });
  env.B = await newDealer(db, { parentId: P, level: 1 });
  const caller = await newUser(db);
  await newMember(db, env.A, caller.id, [Button.DEVICES]);
  env.asCaller = { sessionid: await loginAs(env.t.app, caller.phone), dealersId: env.A };
  env.mine = await demoDevice(db, env.A);
  env.t0 = Date.parse('2026-11-20T00:00:00Z');
  const { pipeline, store } = testPipeline(db);
  for (let k = 0; k < 4; k++)
    await store(
      env.mine.code,
      demoReport(env.mine.code, k, { 13: k, 30: k === 1 ? 0b100 : 0 }),
      new Date(env.t0 + k * 30_000),
    );
  await store(env.mine.code, Buffer.from([0xaa, 0x55]), new Date(env.t0 + 200_000));
  await pipeline.close();
  await onlineThenTimedOut(db, env.mine.code, env.t0);
});
afterAll(async () => env.t.close());

const ask = askAs(
  () => env.t,
  () => env.asCaller,
);
const iso = (ms: number) => new Date(ms).toISOString();

describe('device telemetry calls', () => {
  it("answers the current values with each point's code, names, unit, mode, flags, range and enum values", async () => {
    const { body } = await ask<{ dataList: Array<Record<string, unknown>> }>(getDeviceValues, {
      deviceId: env.mine.id,
    });
    expect(body.objectResult!.dataList).toContainEqual({
      address: 13,
      code: 'tAmb',
      name: '环境温度',
      enName: 'Ambient temp',
      unit: '°C',
      mode: 'R',
      value: 3,
      reportedAt: iso(env.t0 + 90_000),
      vendorParam: false,
      clientParam: false,
      basicInfo: false,
      min: null,
      max: null,
      minHidden: false,
      maxHidden: false,
      minAwaits: null,
      maxAwaits: null,
      options: [],
      bits: [],
      faults: [],
    });
    // A unit that is a word is answered in the reader's language (localUnit), a symbol alike in both.
    const eev = async (language?: string) =>
      (
        await ask<{ dataList: Array<{ address: number; unit: string }> }>(
          getDeviceValues,
          { deviceId: env.mine.id },
          language,
        )
      ).body.objectResult!.dataList.find((p) => p.address === 17)!.unit;
    expect(await eev('en_US')).toBe('steps');
    expect(await eev('zh_CN')).toBe('步');
    // Bit-field and fault points come with what decodes them (named bits, faults by bit) in the caller's language.
    expect(body.objectResult!.dataList).toContainEqual(
      expect.objectContaining({
        address: 40,
        bits: [
          { bit: 0, name: 'Compressor' },
          { bit: 1, name: 'Water pump' },
          { bit: 2, name: 'Fan' },
          { bit: 3, name: 'Defrost' },
          { bit: 4, name: 'Electric heater' },
        ],
        faults: [],
      }),
    );
    expect(body.objectResult!.dataList).toContainEqual(
      expect.objectContaining({
        address: 30,
        bits: [],
        faults: expect.arrayContaining([{ bit: 1, value: null, code: 'E02', level: 3 }]) as unknown,
      }),
    );
    // setHot's range 30..$21$ ends at the current value of point 21, a vendor parameter: hidden from this caller without B9405.
    expect(body.objectResult!.dataList).toContainEqual(
      expect.objectContaining({
        address: 3,
        code: 'setHot',
        mode: 'RW',
        value: 55,
        clientParam: true,
        min: 30,
        max: null,
        maxHidden: true,
      }),
    );
    expect(body.objectResult!.dataList).toContainEqual(
      expect.objectContaining({
        address: 2,
        options: [
          { value: 0, label: 'Heating' },
          { value: 1, label: 'Cooling' },
          { value: 2, label: 'Hot water' },
          { value: 3, label: 'Auto' },
        ],
      }),
    );
    const zh = await ask<{ dataList: Array<Record<string, unknown>> }>(
      getDeviceValues,
      { deviceId: env.mine.id },
      'zh_CN',
    );
    expect(zh.body.objectResult!.dataList).toContainEqual(
      expect.objectContaining({ address: 2, options: expect.arrayContaining([{ value: 0, label: '制热' }]) }),
    );
  });

  it('answers vendor parameters only to a caller holding their button (B9405)', async () => {
    const addresses = (body: { objectResult?: { dataList: Array<{ address: number }> } | null }) =>
      body.objectResult!.dataList.map((p) => p.address);
    const plain = await ask<{ dataList: Array<{ address: number }> }>(getDeviceValues, { deviceId: env.mine.id });
    expect(addresses(plain.body)).not.toContain(21);
    const vendor = await newUser(env.t.db);
    await newMember(env.t.db, env.A, vendor.id, [Button.DEVICES, Button.DEVICE_VENDOR_PARAMS]);
    const asVendor = { sessionid: await loginAs(env.t.app, vendor.phone), dealersId: env.A };
    const full = await askAs(
      () => env.t,
      () => asVendor,
    )<{ dataList: Array<{ address: number }> }>(getDeviceValues, { deviceId: env.mine.id });
    expect(full.body.objectResult!.dataList).toContainEqual(
      expect.objectContaining({ address: 21, code: 'maxSet', vendorParam: true, min: 40, max: 80, value: 60 }),
    );

    // The same rule for the history and time travel: a vendor parameter answers a plain caller as an address never reported.
    const span = { deviceId: env.mine.id, startTime: iso(env.t0), endTime: iso(env.t0 + 3_600_000) };
    const history = (as: ReturnType<typeof askAs>, addressList: number[]) =>
      as<{ times: number[]; addressList: Array<{ address: number; valueList: unknown[] }> }>(getPointHistory, {
        ...span,
        addressList,
      });
    const vendorAsk = askAs(
      () => env.t,
      () => asVendor,
    );
    const hidden = (await history(ask, [21])).body.objectResult!;
    const neverReported = (await history(ask, [9999])).body.objectResult!;
    expect(hidden).toEqual({ ...neverReported, addressList: [{ ...neverReported.addressList[0]!, address: 21 }] });
    expect((await history(vendorAsk, [21])).body.objectResult!.addressList[0]!.valueList).toContain(60);
    const at = { deviceId: env.mine.id, time: iso(env.t0 + 3_600_000) };
    expect(addresses((await ask<{ dataList: Array<{ address: number }> }>(getDeviceValuesAt, at)).body)).not.toContain(
      21,
    );
    expect(
      addresses((await vendorAsk<{ dataList: Array<{ address: number }> }>(getDeviceValuesAt, at)).body),
    ).toContain(21);
  });

  it('answers the history of the chosen addresses over a range, oldest first', async () => {
    const { body } = await ask(getPointHistory, {
      deviceId: env.mine.id,
      startTime: iso(env.t0 + 30_000),
      endTime: iso(env.t0 + 3_600_000),
      addressList: [13, 3],
    });
    expect(body.objectResult).toEqual({
      times: [env.t0 + 30_000, env.t0 + 60_000, env.t0 + 90_000],
      addressList: [
        { address: 13, valueList: [1, 2, 3] },
        { address: 3, valueList: [55, 55, 55] },
      ],
      thinned: false,
    });
  });

  it('thins a long curve to maxPoints stored frames, keeping its peak, first and last; whole without maxPoints', async () => {
    const long = await demoDevice(env.t.db, env.A);
    const { pipeline, store } = testPipeline(env.t.db);
    const frames = 300;
    await Promise.all(
      Array.from({ length: frames }, (_, k) =>
        store(long.code, demoReport(long.code, k, { 13: k === 201 ? 90 : k % 7 }), new Date(env.t0 + k * 30_000)),
      ),
    );
    await pipeline.close();
    const range = {
      deviceId: long.id,
      startTime: iso(env.t0),
      endTime: iso(env.t0 + frames * 30_000),
      addressList: [13],
    };
    const thin = (
      await ask<{ times: number[]; addressList: Array<{ valueList: number[] }>; thinned: boolean }>(getPointHistory, {
        ...range,
        maxPoints: 100,
      })
    ).body.objectResult!;
    expect(thin.thinned).toBe(true);
    expect(thin.times.length).toBeLessThanOrEqual(100);
    expect(thin.times[0]).toBe(env.t0);
    expect(thin.times.at(-1)).toBe(env.t0 + (frames - 1) * 30_000);
    expect(thin.addressList[0]!.valueList[thin.times.indexOf(env.t0 + 201 * 30_000)]).toBe(90);
    const whole = (await ask<{ times: number[]; thinned: boolean }>(getPointHistory, range)).body.objectResult!;
    expect(whole.thinned).toBe(false);
    expect(whole.times).toHaveLength(frames);
  });

  it('refuses a range over 7 days and an end before the start, in both languages', async () => {
    const long = await ask(getPointHistory, {
      deviceId: env.mine.id,
      startTime: iso(env.t0),
      endTime: iso(env.t0 + 7 * 86_400_000 + 1),
      addressList: [13],
    });
    expect(long.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(long.body.error_msg).toContain('The time range can be at most 7 days');
    const back = await ask(
      getPointHistory,
      { deviceId: env.mine.id, startTime: iso(env.t0), endTime: iso(env.t0 - 1), addressList: [13] },
      'zh_CN',
    );
    expect(back.body.error_msg).toContain('结束时间不能早于开始时间');
    const many = await ask(getPointHistory, {
      deviceId: env.mine.id,
      startTime: iso(env.t0),
      endTime: iso(env.t0),
      addressList: Array.from({ length: 21 }, (_, k) => k),
    });
    expect(many.body.error_msg).toContain('Choose 1 to 20 point addresses (0-65535)');
    for (const maxPoints of [99, 5001, 150.5, '200']) {
      const points = await ask(getPointHistory, {
        deviceId: env.mine.id,
        startTime: iso(env.t0),
        endTime: iso(env.t0 + 1),
        addressList: [13],
        maxPoints,
      });
      expect(points.body.error_msg).toContain('The number of points must be a whole number from 100 to 5000');
    }
    const pointsZh = await ask(
      getPointHistory,
      { deviceId: env.mine.id, startTime: iso(env.t0), endTime: iso(env.t0 + 1), addressList: [13], maxPoints: 1 },
      'zh_CN',
    );
    expect(pointsZh.body.error_msg).toContain('点数必须是 100 到 5000 之间的整数');
    const exported = await ask(exportPointHistory, {
      deviceId: env.mine.id,
      startTime: iso(env.t0),
      endTime: iso(env.t0 + 1),
      addressList: [13],
      maxPoints: 100,
    });
    expect(exported.body.error_code).toBe(ErrorCode.BAD_REQUEST);
  });

  it("answers the faults with their descriptions in the reader's language: current ones, and all in a range", async () => {
    const all = await ask<{ list: Array<Record<string, unknown>>; totalSize: number }>(listDeviceFaults, {
      deviceId: env.mine.id,
    });
    const inChinese = await ask<{ list: Array<{ description: string }> }>(
      listDeviceFaults,
      { deviceId: env.mine.id },
      'zh_CN',
    );
    expect(inChinese.body.objectResult!.list.map((f) => f.description)).toEqual(['低压保护']);
    expect(all.body.objectResult).toEqual({
      totalSize: 1,
      list: [
        expect.objectContaining({
          faultCode: 'E03',
          description: 'Low pressure',
          level: 3,
          faultType: 'heavy',
          startTime: iso(env.t0 + 30_000),
          endTime: iso(env.t0 + 60_000),
          repaired: true,
        }),
      ],
    });
    expect(
      (await ask<{ totalSize: number }>(listDeviceFaults, { deviceId: env.mine.id, current: true })).body.objectResult!
        .totalSize,
    ).toBe(0);
    expect(
      (await ask<{ totalSize: number }>(listDeviceFaults, { deviceId: env.mine.id, startTime: iso(env.t0 + 31_000) }))
        .body.objectResult!.totalSize,
    ).toBe(0);
  });

  it('answers the status history, the refusal counters and the communication log', async () => {
    expect((await ask(listDeviceStatusHistory, { deviceId: env.mine.id })).body.objectResult).toEqual({
      totalSize: 2,
      list: [
        {
          status: 'OFFLINE',
          code: 1910,
          time: iso(env.t0 + 60_000),
          reason: expect.any(String),
          checkMethod: expect.any(String),
        },
        { status: 'ONLINE', code: 200, time: iso(env.t0), reason: expect.any(String), checkMethod: expect.any(String) },
      ],
    });
    expect((await ask(listDeviceRefusals, { deviceId: env.mine.id })).body.objectResult).toEqual({
      list: [{ reason: 'frame.tooShort', count: 1, firstTime: iso(env.t0 + 200_000), lastTime: iso(env.t0 + 200_000) }],
    });
    const log = await ask<{ list: Array<Record<string, unknown>>; totalSize: number }>(listDevicePackets, {
      deviceId: env.mine.id,
      pageSize: 2,
    });
    expect(log.body.objectResult!.totalSize).toBe(5);
    expect(log.body.objectResult!.list).toEqual([
      // The raw bytes could carry vendor parameters: not for this caller without B9405 (vendor-visibility.int.test.ts has them for a holder).
      {
        time: iso(env.t0 + 200_000),
        direction: 'up',
        hex: null,
        kind: null,
        kindName: null,
        refusal: 'frame.tooShort',
        refusalName: 'Frame too short',
        decoded: expect.objectContaining({ ok: false }),
      },
      {
        time: iso(env.t0 + 90_000),
        direction: 'up',
        hex: null,
        kind: 'report',
        kindName: 'Report',
        refusal: null,
        refusalName: null,
        decoded: expect.objectContaining({ ok: true }),
      },
    ]);
  });

  it("answers another branch's device like a missing one", async () => {
    const foreign = await demoDevice(env.t.db, env.B);
    for (const def of [
      getDeviceValues,
      listDeviceFaults,
      listDeviceStatusHistory,
      listDeviceRefusals,
      listDevicePackets,
    ]) {
      expect((await ask(def, { deviceId: foreign.id })).body.error_code).toBe(ErrorCode.NOT_FOUND);
      expect((await ask(def, { deviceId: '999999999' })).body.error_code).toBe(ErrorCode.NOT_FOUND);
    }
    const history = await ask(getPointHistory, {
      deviceId: foreign.id,
      startTime: iso(env.t0),
      endTime: iso(env.t0 + 1),
      addressList: [13],
    });
    expect(history.body.error_code).toBe(ErrorCode.NOT_FOUND);
  });
});
