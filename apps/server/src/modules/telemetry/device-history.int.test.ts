import {
  Button,
  ErrorCode,
  exportPointHistory,
  getDeviceValuesAt,
  listDevicePackets,
  listDeviceStatusHistory,
  listDeviceTraffic,
} from '@dcc/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { demoDevice, demoReport, testPipeline } from '../../../test/ingest-setup.ts';
import { askAs, onlineThenTimedOut } from '../../../test/telemetry-calls.ts';

/** P (level 0) -> A -> A1, and B beside A; the caller is a member of A with the device list button. */
const env = {} as {
  t: TestApp;
  A: string;
  B: string;
  asCaller: { sessionid: string; dealersId: string };
  mine: { id: string; code: string };
  sub: { id: string; code: string };
  t0: number;
  upBytes: number;
};

beforeAll(async () => {
  env.t = await startTestApp();
  const db = env.t.db;
  const P = await newDealer(db, { level: 0 });
  env.A = await newDealer(db, { parentId: P, level: 1 });
  const A1 = await newDealer(db, { parentId: env.A, level: 2 });
  env.B = await newDealer(db, { parentId: P, level: 1 });
  const caller = await newUser(db);
  await newMember(db, env.A, caller.id, [Button.DEVICES]);
  env.asCaller = { sessionid: await loginAs(env.t.app, caller.phone), dealersId: env.A };
  env.mine = await demoDevice(db, env.A);
  env.sub = await demoDevice(db, A1);
  env.t0 = Date.parse('2026-11-20T23:59:00Z');
  const { pipeline, store } = testPipeline(db);
  const reports = [0, 1, 2, 3].map((k) => demoReport(env.mine.code, k, { 13: k }));
  // Four reports 30 s apart (the last two on the next UTC day), one undecodable packet, and a redelivery of the first report.
  for (const [k, report] of reports.entries()) await store(env.mine.code, report, new Date(env.t0 + k * 30_000));
  await store(env.mine.code, Buffer.from([0xaa, 0x55]), new Date(env.t0 + 20_000));
  await store(env.mine.code, reports[0]!, new Date(env.t0 + 1000));
  await store(env.sub.code, demoReport(env.sub.code, 0, { 13: 7 }), new Date(env.t0));
  await pipeline.close();
  env.upBytes = reports[0]!.length + reports[1]!.length + 2;
  await onlineThenTimedOut(db, env.mine.code, env.t0);
});
afterAll(async () => env.t.close());

const ask = askAs(
  () => env.t,
  () => env.asCaller,
);
const iso = (ms: number) => new Date(ms).toISOString();
type ValuesAt = {
  time: string;
  dataList: Array<{ address: number; name: string; value: number | null; reportedAt: string | null }>;
};

describe('point-history time travel (getDeviceValuesAt)', () => {
  it('answers every point as it was at the moment: the newest value at or before it', async () => {
    const { body } = await ask<ValuesAt>(
      getDeviceValuesAt,
      { deviceId: env.mine.id, time: iso(env.t0 + 75_000) },
      'en_US',
    );
    expect(body.objectResult!.time).toBe(iso(env.t0 + 75_000));
    expect(body.objectResult!.dataList).toContainEqual(
      expect.objectContaining({ address: 13, name: 'Ambient temp', value: 2, reportedAt: iso(env.t0 + 60_000) }),
    );
    expect(body.objectResult!.dataList).toContainEqual(
      expect.objectContaining({ address: 3, value: 55, reportedAt: iso(env.t0 + 60_000) }),
    );
    const zh = await ask<ValuesAt>(getDeviceValuesAt, { deviceId: env.mine.id, time: iso(env.t0 + 30_000) }, 'zh_CN');
    expect(zh.body.objectResult!.dataList).toContainEqual(
      expect.objectContaining({ address: 13, name: '环境温度', value: 1, reportedAt: iso(env.t0 + 30_000) }),
    );
  });

  it('answers no value before the first report, and a device of a sub-dealer too', async () => {
    const before = await ask<ValuesAt>(getDeviceValuesAt, { deviceId: env.mine.id, time: iso(env.t0 - 1) });
    expect(before.body.objectResult!.dataList.every((p) => p.value === null && p.reportedAt === null)).toBe(true);
    const sub = await ask<ValuesAt>(getDeviceValuesAt, { deviceId: env.sub.id, time: iso(env.t0 + 1) });
    expect(sub.body.objectResult!.dataList).toContainEqual(expect.objectContaining({ address: 13, value: 7 }));
  });

  it('refuses a time that is not one, in both languages', async () => {
    const en = await ask(getDeviceValuesAt, { deviceId: env.mine.id, time: 'yesterday' }, 'en_US');
    expect([en.body.error_code, en.body.error_msg]).toEqual([
      ErrorCode.BAD_REQUEST,
      expect.stringContaining('Please give a valid time'),
    ]);
    const zh = await ask(getDeviceValuesAt, { deviceId: env.mine.id, time: 'yesterday' }, 'zh_CN');
    expect(zh.body.error_msg).toContain('请输入有效的时间');
  });
});

describe('curve export (exportPointHistory)', () => {
  it("answers the range's values as an .xlsx file with headers in the caller's language", async () => {
    const range = {
      deviceId: env.mine.id,
      startTime: iso(env.t0),
      endTime: iso(env.t0 + 3_600_000),
      addressList: [13, 3],
    };
    const { body } = await ask<{ fileName: string; contentBase64: string; rowCount: number }>(
      exportPointHistory,
      range,
      'en_US',
    );
    expect(body.error_code).toBe(0);
    expect(body.objectResult!.rowCount).toBe(4);
    expect(body.objectResult!.fileName).toBe(`${env.mine.code}_2026-11-21_2026-11-21.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(body.objectResult!.contentBase64, 'base64') as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows).toEqual([
      ['Time', 'Ambient temp (°C)', 'Hot-water setpoint (°C)'],
      ['2026-11-21 07:59:00', 0, 55],
      ['2026-11-21 07:59:30', 1, 55],
      ['2026-11-21 08:00:00', 2, 55],
      ['2026-11-21 08:00:30', 3, 55],
    ]);
    const zh = await ask<{ contentBase64: string }>(exportPointHistory, range, 'zh_CN');
    await book.xlsx.load(Buffer.from(zh.body.objectResult!.contentBase64, 'base64') as unknown as ArrayBuffer);
    expect((book.worksheets.at(-1)!.getRow(1).values as unknown[]).slice(1)).toEqual([
      '时间',
      '环境温度 (°C)',
      '热水设定温度 (°C)',
    ]);
  });

  it('refuses a range over 7 days in both languages', async () => {
    const long = {
      deviceId: env.mine.id,
      startTime: iso(env.t0),
      endTime: iso(env.t0 + 7 * 86_400_000 + 1),
      addressList: [13],
    };
    const en = await ask(exportPointHistory, long, 'en_US');
    expect([en.body.error_code, en.body.error_msg]).toEqual([
      ErrorCode.BAD_REQUEST,
      expect.stringContaining('The time range can be at most 7 days'),
    ]);
    expect((await ask(exportPointHistory, long, 'zh_CN')).body.error_msg).toContain('时间范围最多 7 天');
  });
});

describe('traffic log (listDeviceTraffic)', () => {
  it('answers the bytes and messages up per platform day (23:59 UTC is 07:59 next day in Beijing), a redelivered message counted once', async () => {
    const { body } = await ask(listDeviceTraffic, { deviceId: env.mine.id });
    expect(body.objectResult).toEqual({
      totalSize: 1,
      list: [
        {
          day: '2026-11-21',
          bytesUp: env.upBytes + demoReport(env.mine.code, 2, { 13: 2 }).length * 2,
          packetsUp: 5,
          bytesDown: 0,
          packetsDown: 0,
        },
      ],
    });
    const between = async (startDay: string, endDay: string) =>
      (await ask<{ totalSize: number }>(listDeviceTraffic, { deviceId: env.mine.id, startDay, endDay })).body
        .objectResult!.totalSize;
    expect(await between('2026-11-21', '2026-11-21')).toBe(1);
    expect(await between('2026-11-20', '2026-11-20')).toBe(0);
  });

  it('refuses a day that is not one, in both languages', async () => {
    expect(
      (await ask(listDeviceTraffic, { deviceId: env.mine.id, endDay: '21/11/2026' }, 'en_US')).body.error_msg,
    ).toContain('Please give a valid day (YYYY-MM-DD)');
    expect(
      (await ask(listDeviceTraffic, { deviceId: env.mine.id, endDay: '2026-13-45' }, 'zh_CN')).body.error_msg,
    ).toContain('请输入有效的日期');
  });
});

describe('communication log and behaviour with their meanings', () => {
  it("parses each frame with the device's table and names the version that parsed it", async () => {
    type Packets = {
      versionId: string | null;
      list: Array<{
        refusal: string | null;
        decoded: {
          ok: boolean;
          errorCode: string;
          frame: { crcOk: boolean; deviceCode: string } | null;
          rows: Array<{ address: number; value: number | null }>;
        } | null;
      }>;
    };
    const { body } = await ask<Packets>(listDevicePackets, { deviceId: env.mine.id }, 'en_US');
    const log = body.objectResult!;
    expect(log.versionId).toMatch(/^\d+$/);
    const newest = log.list[0]!.decoded!;
    expect(newest).toMatchObject({ ok: true, frame: { crcOk: true, deviceCode: env.mine.code } });
    expect(newest.rows).toContainEqual(expect.objectContaining({ address: 13, value: 3 }));
    const refused = log.list.find((p) => p.refusal === 'frame.tooShort')!.decoded!;
    expect([refused.ok, refused.errorCode]).toEqual([false, 'frame.tooShort']);
  });

  it("gives each online/offline change its meaning and check method in the caller's language", async () => {
    type Status = { list: Array<{ code: number; reason: string; checkMethod: string | null }> };
    const en = await ask<Status>(listDeviceStatusHistory, { deviceId: env.mine.id }, 'en_US');
    expect(en.body.objectResult!.list[0]).toMatchObject({
      code: 1910,
      reason: 'MQTT heartbeat timeout',
      checkMethod: expect.any(String),
    });
    const zh = await ask<Status>(listDeviceStatusHistory, { deviceId: env.mine.id }, 'zh_CN');
    expect(zh.body.objectResult!.list.map((s) => s.reason)).toEqual(['MQTT 心跳超时', '正常在线或主动下线']);
  });
});

describe('scoping', () => {
  it("answers another branch's device and a missing one alike: not found", async () => {
    const foreign = await demoDevice(env.t.db, env.B);
    const bodies = (deviceId: string) =>
      [
        [getDeviceValuesAt, { deviceId, time: iso(env.t0) }],
        [exportPointHistory, { deviceId, startTime: iso(env.t0), endTime: iso(env.t0 + 1), addressList: [13] }],
        [listDeviceTraffic, { deviceId }],
      ] as const;
    for (const deviceId of [foreign.id, '999999999']) {
      for (const [def, body] of bodies(deviceId))
        expect((await ask(def, body)).body.error_code).toBe(ErrorCode.NOT_FOUND);
    }
  });
});
