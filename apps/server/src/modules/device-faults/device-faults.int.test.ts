import {
  Button,
  ErrorCode,
  listAbnormalDevices,
  listDeviceFaults,
  listDeviceOperations,
  listFaults,
  repairFault,
  type AbnormalDevice,
  type CallDef,
  type CallResponse,
  type DeviceOperation,
  type FaultRecord,
} from '@dcc/contract';
import { buildPropertyPost } from '@dcc/protocol';
import mqtt from 'mqtt';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokerUrl, deviceOptions, newDemoDevice, waitFor } from '../../../test/device-link.ts';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { demoDevice, demoReport, testPipeline } from '../../../test/ingest-setup.ts';
import type { DeviceEvent } from '../../events/device-events.ts';
import { loadLinkConfig } from '../../link-config.ts';

/**
 * P (level 0) -> A -> A1, and B beside A. The caller is a member of A with B205, B272 and B94 (the device detail). Faults and
 * refusals come through the real ingest pipeline; the flood through the embedded broker's throttle.
 */
type Device = { id: string; code: string };
const env = {} as {
  t: TestApp;
  A: string;
  A1: string;
  B: string;
  roleId: string;
  realName: string;
  asCaller: { sessionid: string; dealersId: string };
  mine: Device;
  child: Device;
  foreign: Device;
  t0: number;
  events: DeviceEvent[];
};
const FAULT_WORD = 30;
const SET_HEAT = 4;

beforeAll(async () => {
  // The broker admits 2 reports at once and 2 a second per device: a burst of 10 is mostly throttled.
  env.t = await startTestApp({
    link: { ...loadLinkConfig({}), mqttPort: 0, mqttHost: '127.0.0.1', publishesPerSecond: 2, publishBurst: 2 },
  });
  const db = env.t.db;
  const P = await newDealer(db, { level: 0 });
  env.A = await newDealer(db, { parentId: P, level: 1 });
  env.A1 = await newDealer(db, { parentId: env.A, level: 2 });
  env.B = await newDealer(db, { parentId: P, level: 1 });
  env.realName = 'Fault Fixer';
  const caller = await newUser(db, { realName: env.realName });
  env.roleId = (
    await newMember(db, env.A, caller.id, [Button.FAULT_DEVICES, Button.ABNORMAL_DEVICES, Button.DEVICES])
  ).roleId;
  env.asCaller = { sessionid: await loginAs(env.t.app, caller.phone), dealersId: env.A };
  [env.mine, env.child, env.foreign] = [
    await demoDevice(db, env.A),
    await demoDevice(db, env.A1),
    await demoDevice(db, env.B),
  ];
  env.events = [];
  env.t.events.subscribe((e) => env.events.push(e));
  env.t0 = Date.now() - 2 * 86_400_000;
  const { pipeline, store } = testPipeline(db);
  const at = (ms: number) => new Date(env.t0 + ms);
  // mine: E02 (bit 1, level 3) and E05 (bit 4, level 1); then E02 clears. child: E01 (bit 0, level 2). foreign: E03.
  await store(env.mine.code, demoReport(env.mine.code, 1, { [FAULT_WORD]: 0b10010 }), at(0));
  await store(env.mine.code, demoReport(env.mine.code, 2, { [FAULT_WORD]: 0b10000 }), at(30_000));
  await store(env.child.code, demoReport(env.child.code, 1, { [FAULT_WORD]: 0b1 }), at(60_000));
  await store(env.foreign.code, demoReport(env.foreign.code, 1, { [FAULT_WORD]: 0b100 }), at(60_000));
  // Abnormal: mine sends a frame that does not decode and a heating setpoint outside 20..55; so does the foreign device.
  await store(env.mine.code, Buffer.from([0xaa, 0x55]), at(90_000));
  await store(env.mine.code, demoReport(env.mine.code, 3, { [FAULT_WORD]: 0b10000, [SET_HEAT]: 70 }), at(120_000));
  await store(env.foreign.code, Buffer.from([0xaa, 0x55]), at(90_000));
  await pipeline.close();
  // child: last online 5 days ago, not connected since.
  await db
    .updateTable('devices')
    .set({ last_online_at: new Date(Date.now() - 5 * 86_400_000 - 3_600_000), connected: false })
    .where('id', '=', env.child.id)
    .execute();
}, 120_000);
afterAll(async () => env.t?.close());

const ask = <T>(def: CallDef, body: Record<string, unknown>, language?: string) =>
  call<T>(env.t.app, def, body, { ...env.asCaller, ...(language ? { language } : {}) });
const faults = async (body: Record<string, unknown> = {}) =>
  (await ask<{ list: FaultRecord[]; totalSize: number }>(listFaults, { pageSize: 100, ...body })).body.objectResult!;
const abnormal = async (body: Record<string, unknown> = {}) =>
  (await ask<{ list: AbnormalDevice[]; totalSize: number }>(listAbnormalDevices, { pageSize: 100, ...body })).body
    .objectResult!;
const iso = (ms: number) => new Date(ms).toISOString();
const faultOf = async (device: Device, code: string) =>
  (await faults({ keyword: device.code })).list.find((f) => f.faultCode === code)!;

describe('fault devices (B272)', () => {
  it("lists the subtree's current faults with device, level, type and description, newest first", async () => {
    const current = await faults({ status: 'notRepaired' });
    expect(current.totalSize).toBe(2);
    expect(current.list.map((f) => [f.deviceCode, f.faultCode, f.level, f.faultType, f.status])).toEqual([
      [env.child.code, 'E01', 2, 'light', 'notRepaired'],
      [env.mine.code, 'E05', 1, 'light', 'notRepaired'],
    ]);
    const inChinese = (await ask<{ list: FaultRecord[] }>(listFaults, { status: 'notRepaired' }, 'zh_CN')).body
      .objectResult!.list;
    expect(inChinese.map((f) => f.description)).toEqual(['水流故障', '传感器开路']);
    expect(current.list[0]).toMatchObject({
      deviceId: env.child.id,
      description: 'Water flow',
      productName: 'Heat pump A200',
      productMessageType: 'pm',
      startTime: iso(env.t0 + 60_000),
      endTime: null,
      repairedBy: '',
      // Its device is offline: it does not report the fault now.
      stillReported: false,
      reportedAgainAt: null,
    });
  });

  it('lists the history with the faults the device cleared, and filters by code, level, status and start time', async () => {
    const all = await faults();
    expect(all.list.map((f) => `${f.deviceCode}:${f.faultCode}:${f.status}`)).toEqual([
      `${env.child.code}:E01:notRepaired`,
      `${env.mine.code}:E05:notRepaired`,
      `${env.mine.code}:E02:repaired`,
    ]);
    expect(all.list[2]).toMatchObject({
      faultType: 'heavy',
      endTime: iso(env.t0 + 30_000),
      repairedBy: '',
      repairedAt: null,
    });
    expect((await faults({ faultCode: 'E05' })).list.map((f) => f.faultCode)).toEqual(['E05']);
    expect((await faults({ level: 3 })).list.map((f) => f.faultCode)).toEqual(['E02']);
    expect((await faults({ status: 'repaired' })).list.map((f) => f.faultCode)).toEqual(['E02']);
    expect(
      (await faults({ startTime: iso(env.t0 + 1), endTime: iso(env.t0 + 60_000) })).list.map((f) => f.faultCode),
    ).toEqual(['E01']);
    expect((await faults({ keyword: env.foreign.code })).totalSize).toBe(0);
  });

  it("refuses bad filters in the caller's language and lists nothing", async () => {
    const level = await ask(listFaults, { level: 5 });
    expect(level.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(level.body.error_msg).toContain('The fault level must be 0, 1, 2 or 3');
    const back = await ask(listFaults, { startTime: iso(env.t0), endTime: iso(env.t0 - 1) }, 'zh_CN');
    expect(back.body.error_msg).toContain('结束时间不能早于开始时间');
    expect((await ask(listFaults, { status: 'fixed' }, 'zh_CN')).body.error_msg).toContain(
      '故障状态须为未修复或已修复',
    );
  });

  it('marks a current fault repaired with who and when, tells live consoles, and refuses it a second time in both languages', async () => {
    const e05 = await faultOf(env.mine, 'E05');
    const before = Date.now();
    const { body } = await ask<FaultRecord>(repairFault, { faultId: e05.faultId });
    expect(body.error_code).toBe(0);
    expect(body.objectResult).toMatchObject({
      faultId: e05.faultId,
      status: 'repaired',
      repairedBy: env.realName,
      description: 'Sensor open circuit',
    });
    expect(Date.parse(body.objectResult!.repairedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.objectResult!.endTime).toBe(body.objectResult!.repairedAt);
    expect(env.events).toContainEqual(
      expect.objectContaining({ kind: 'fault', deviceId: env.mine.id, faultCode: 'E05', open: false }),
    );
    expect((await faults({ status: 'notRepaired' })).list.map((f) => f.faultCode)).toEqual(['E01']);
    // The device detail: the faults tab names who repaired and when, the operation log has the repair.
    const detailFaults = (
      await ask<CallResponse<typeof listDeviceFaults>>(listDeviceFaults, { deviceId: env.mine.id, pageSize: 100 })
    ).body.objectResult!.list;
    expect(detailFaults.find((f) => f.faultId === e05.faultId)).toMatchObject({
      repaired: true,
      repairedBy: env.realName,
      repairedAt: body.objectResult!.repairedAt,
    });
    expect(detailFaults.find((f) => f.faultCode === 'E02')).toMatchObject({ repairedBy: '', repairedAt: null });
    const operations = async () =>
      (await ask<{ list: DeviceOperation[] }>(listDeviceOperations, { deviceId: env.mine.id })).body.objectResult!.list;
    const repairEntry = {
      action: 'repairFault',
      operatorName: env.realName,
      outcome: 'applied',
      summary: 'E05',
      createTime: body.objectResult!.repairedAt,
    };
    expect(await operations()).toEqual([expect.objectContaining(repairEntry)]);

    const again = await ask(repairFault, { faultId: e05.faultId });
    expect(again.body.error_code).toBe(ErrorCode.FAULT_ALREADY_REPAIRED);
    expect(again.body.error_msg).toBe('This fault is already repaired');
    expect((await ask(repairFault, { faultId: e05.faultId }, 'zh_CN')).body.error_msg).toBe('该故障已修复');
    // Cleared by the device: repaired already.
    expect((await ask(repairFault, { faultId: (await faultOf(env.mine, 'E02')).faultId })).body.error_code).toBe(
      ErrorCode.FAULT_ALREADY_REPAIRED,
    );
    // Refusals log nothing.
    expect(await operations()).toEqual([expect.objectContaining(repairEntry)]);
  });

  it('leaves the fault open when its operation log entry cannot be written (one transaction)', async () => {
    const e01 = await faultOf(env.child, 'E01');
    await sql`create function refuse_operation() returns trigger language plpgsql as $$ begin raise exception 'log refused'; end $$`.execute(
      env.t.db,
    );
    await sql`create trigger refuse_operation before insert on device_operations for each row execute function refuse_operation()`.execute(
      env.t.db,
    );
    try {
      expect((await ask(repairFault, { faultId: e01.faultId })).body.error_code).not.toBe(0);
    } finally {
      await sql`drop trigger refuse_operation on device_operations`.execute(env.t.db);
      await sql`drop function refuse_operation()`.execute(env.t.db);
    }
    expect(await faultOf(env.child, 'E01')).toMatchObject({ status: 'notRepaired', repairedBy: '', repairedAt: null });
  });

  it('opens the fault again when the device still reports it after it was marked repaired, and links the repaired one to it', async () => {
    const { pipeline, store } = testPipeline(env.t.db);
    await store(env.mine.code, demoReport(env.mine.code, 4, { [FAULT_WORD]: 0b10000 }), new Date());
    await pipeline.close();
    await env.t.db.updateTable('devices').set({ connected: true }).where('id', '=', env.mine.id).execute();
    const e05 = (await faults({ keyword: env.mine.code, faultCode: 'E05' })).list;
    expect(e05.map((f) => f.status)).toEqual(['notRepaired', 'repaired']);
    const [again, repaired] = e05;
    // The open one is still reported by its online device: marking it repaired would bring it back again.
    expect(again).toMatchObject({ stillReported: true, reportedAgainAt: null });
    expect(repaired).toMatchObject({ stillReported: false, reportedAgainAt: again!.startTime });
    await env.t.db.updateTable('devices').set({ connected: false }).where('id', '=', env.mine.id).execute();
  });

  it("answers another branch's fault and a missing one alike, and changes nothing", async () => {
    const [foreign] = await env.t.db
      .selectFrom('device_faults')
      .select(['id', 'closed_at'])
      .where('device_id', '=', env.foreign.id)
      .execute();
    for (const faultId of [foreign!.id, '999999999', 'x']) {
      const refused = await ask(repairFault, { faultId });
      expect(refused.body.error_code).toBe(ErrorCode.NOT_FOUND);
    }
    const after = await env.t.db
      .selectFrom('device_faults')
      .select(['closed_at', 'repaired_by'])
      .where('id', '=', foreign!.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ closed_at: null, repaired_by: null });
  });

  it("shows and repairs only the fault levels the caller's roles may view", async () => {
    await sql`update roles set fault_levels = '{3}' where id = ${env.roleId}`.execute(env.t.db);
    try {
      expect((await faults()).list.map((f) => f.faultCode)).toEqual(['E02']);
      const e01 = await env.t.db
        .selectFrom('device_faults')
        .select('id')
        .where('device_id', '=', env.child.id)
        .executeTakeFirstOrThrow();
      expect((await ask(repairFault, { faultId: e01.id })).body.error_code).toBe(ErrorCode.NOT_FOUND);
      // The device detail's faults (and the home's current ones) follow the same rule: E05 (level 1) is hidden.
      const detail = await ask<{ list: Array<{ faultCode: string }>; totalSize: number }>(listDeviceFaults, {
        deviceId: env.mine.id,
      });
      expect(detail.body.objectResult).toMatchObject({ totalSize: 1, list: [{ faultCode: 'E02' }] });
      await sql`update roles set fault_levels = '{}' where id = ${env.roleId}`.execute(env.t.db);
      expect((await ask(listDeviceFaults, { deviceId: env.mine.id, current: true })).body.objectResult).toEqual({
        totalSize: 0,
        list: [],
      });
    } finally {
      await sql`update roles set fault_levels = '{0,1,2,3}' where id = ${env.roleId}`.execute(env.t.db);
    }
  });
});

describe('abnormal devices (B205)', () => {
  let flooder: Device;

  beforeAll(async () => {
    const device = await newDemoDevice(env.t, { dealerId: env.A });
    flooder = device;
    const client = await mqtt.connectAsync(brokerUrl(env.t), deviceOptions(device));
    for (let seq = 1; seq <= 10; seq++)
      client.publish(`dev/${device.code}/up`, demoReport(device.code, seq), { qos: 0 });
    await client.endAsync();
    // The broker's counts reach the table on its next flush (every 5 s).
    await waitFor(
      'the throttled reports to be counted',
      async () => (await abnormal({ reason: 'flood' })).totalSize > 0,
      20_000,
    );
  }, 60_000);

  it("lists the subtree's abnormal devices with each reason's counts and codes, latest first", async () => {
    const all = await abnormal();
    expect(all.list.map((d) => d.deviceCode)).toEqual([flooder.code, env.mine.code, env.child.code]);
    const mine = all.list[1]!;
    expect(mine.reasons).toEqual([
      {
        reason: 'malformed',
        count: 1,
        codes: [{ code: 'frame.tooShort', name: 'Frame too short', count: 1 }],
        firstTime: iso(env.t0 + 90_000),
        lastTime: iso(env.t0 + 90_000),
      },
      {
        reason: 'outOfRange',
        count: 1,
        codes: [{ code: 'value.outOfRange', name: 'Value out of range', count: 1 }],
        firstTime: iso(env.t0 + 120_000),
        lastTime: iso(env.t0 + 120_000),
      },
    ]);
    expect(mine).toMatchObject({
      deviceId: env.mine.id,
      productName: 'Heat pump A200',
      lastTime: iso(env.t0 + 120_000),
    });
    expect(all.list[2]!.reasons).toEqual([expect.objectContaining({ reason: 'longOffline', count: 5, codes: [] })]);
    const flood = all.list[0]!.reasons;
    expect(flood.map((r) => r.reason)).toEqual(['flood']);
    expect(flood[0]!.count).toBeGreaterThanOrEqual(6);
    expect(flood[0]!.codes.map((c) => [c.code, c.name])).toEqual([
      ['link.publishThrottled', 'Too many messages (throttled)'],
    ]);
  });

  it('filters by reason, time and keyword', async () => {
    expect((await abnormal({ reason: 'malformed' })).list.map((d) => d.deviceCode)).toEqual([env.mine.code]);
    expect((await abnormal({ reason: 'outOfRange' })).list.map((d) => d.deviceCode)).toEqual([env.mine.code]);
    expect((await abnormal({ reason: 'longOffline' })).list.map((d) => d.deviceCode)).toEqual([env.child.code]);
    expect((await abnormal({ startTime: iso(Date.now() - 86_400_000) })).list.map((d) => d.deviceCode)).toEqual([
      flooder.code,
    ]);
    expect((await abnormal({ reason: 'malformed', endTime: iso(env.t0) })).totalSize).toBe(0);
    expect((await abnormal({ keyword: env.child.code })).list.map((d) => d.deviceCode)).toEqual([env.child.code]);
    expect((await abnormal({ keyword: env.foreign.code })).totalSize).toBe(0);
  });

  it('pages', async () => {
    const page = await abnormal({ pageSize: 2, pageIndex: 2 });
    expect(page).toMatchObject({ totalSize: 3, list: [expect.objectContaining({ deviceCode: env.child.code })] });
  });

  it("counts a thing-model device's readings outside its published property ranges as out of range, as a protocol device's", async () => {
    const heater = await demoDevice(env.t.db, env.A, 'pkwhx1demo01');
    const { pipeline, store } = testPipeline(env.t.db);
    const at = new Date();
    // TargetTemperature 35..75 and TankTemperature -20..100; PowerSwitch and WorkMode have no range.
    await store(
      heater.code,
      JSON.stringify(
        buildPropertyPost('1', { PowerSwitch: true, TargetTemperature: 55, TankTemperature: 48.3, WorkMode: 2 }),
      ),
      at,
    );
    await store(
      heater.code,
      JSON.stringify(buildPropertyPost('2', { TargetTemperature: 90, TankTemperature: -30.5, WorkMode: 7 })),
      at,
    );
    await store(
      heater.code,
      JSON.stringify(buildPropertyPost('3', { TargetTemperature: 75, TankTemperature: -20 })),
      at,
    );
    await pipeline.close();
    const [listed] = (await abnormal({ keyword: heater.code })).list;
    expect(listed!.reasons).toEqual([
      {
        reason: 'outOfRange',
        count: 2,
        codes: [{ code: 'value.outOfRange', name: 'Value out of range', count: 2 }],
        firstTime: at.toISOString(),
        lastTime: at.toISOString(),
      },
    ]);
  });

  it('refuses an unknown reason in both languages', async () => {
    expect((await ask(listAbnormalDevices, { reason: 'noisy' })).body.error_msg).toContain(
      'The abnormal reason must be malformed, flood, out of range or long offline',
    );
    expect((await ask(listAbnormalDevices, { reason: 'noisy' }, 'zh_CN')).body.error_msg).toContain(
      '异常原因须为报文异常、频繁上报、数值越界或长期离线',
    );
  });
});
