import { Button, DEFAULT_TIME_ZONE, ErrorCode } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandDevice,
  commandWorld,
  operationsOf,
  refusalOf,
  type CommandWorld,
} from '../../../test/device-commands-setup.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { commandService } from './command-deps.ts';
import { noBrokerDownlink, trafficCountingDownlink } from '../../ingest/downlink/downlink.ts';
import { readsVendorParams } from '../points/vendor-visibility.ts';
import { setPointValues } from './set-values.ts';

const env = {} as { t: TestApp; w: CommandWorld };

beforeAll(async () => {
  env.t = await startTestApp();
  env.w = await commandWorld(env.t.db);
});
afterAll(async () => env.t.close());

const set = (
  deviceId: string,
  values: Array<{ address: number; value: number }>,
  buttons: string[] = [],
  service = env.w.service,
) =>
  setPointValues(
    service,
    env.w.scope,
    { ...env.w.actor, vendorParams: readsVendorParams(buttons) },
    { deviceId, values },
    'en-US',
  );
/** The refusal as a Chinese caller gets it (point names are in the caller's language). */
const zhRefusal = async (deviceId: string, values: Array<{ address: number; value: number }>) =>
  (await refusalOf(setPointValues(env.w.service, env.w.scope, env.w.actor, { deviceId, values }, 'zh-CN'))).zh;
const sentCount = () => env.w.responder.received.length;

describe('setDevicePointValues', () => {
  it('sends a set command and answers applied with the values as the device applied them; logged with operator and outcome', async () => {
    const device = await commandDevice(env.w, { values: { 21: 60 } });
    const answer = await set(device.deviceId, [
      { address: 3, value: 55 },
      { address: 1, value: 1 },
    ]);
    expect(answer).toEqual({
      outcome: 'applied',
      status: 0,
      statusName: 'accepted',
      values: [
        { address: 3, value: 55 },
        { address: 1, value: 1 },
      ],
    });
    expect(env.w.responder.received.at(-1)).toMatchObject({
      deviceCode: device.deviceCode,
      functionName: 'setCommand',
    });
    const [entry] = await operationsOf(env.t.db, device.deviceId);
    expect(entry).toMatchObject({
      action: 'setValues',
      outcome: 'applied',
      detail: 'accepted',
      operator_id: env.w.actor.userId,
      operator_name: '操作员 Wang',
      dealer_id: env.w.A,
      summary: '3=55, 1=1',
      request: {
        values: [
          { address: 3, value: 55 },
          { address: 1, value: 1 },
        ],
      },
      seq: env.w.responder.received.at(-1)!.seq,
    });
    expect(entry!.finished_at!.getTime()).toBeGreaterThanOrEqual(entry!.created_at.getTime());
  });

  it("answers refused with the device's status when the device refuses, and logs it", async () => {
    const device = await commandDevice(env.w, { values: { 21: 60 } });
    env.w.responder.behave(device.deviceCode, { kind: 'answer', status: 'locked' });
    expect(await set(device.deviceId, [{ address: 4, value: 40 }])).toEqual({
      outcome: 'refused',
      status: 0x0a,
      statusName: 'locked',
      values: [],
    });
    expect(await operationsOf(env.t.db, device.deviceId)).toMatchObject([{ outcome: 'refused', detail: 'locked' }]);
  });

  it('answers noReply when the device does not answer within the timeout, and logs it', async () => {
    const quick = commandService({ ...env.w.service, timeoutMs: 150 });
    const device = await commandDevice(env.w);
    env.w.responder.behave(device.deviceCode, { kind: 'silent' });
    const started = Date.now();
    expect(await set(device.deviceId, [{ address: 4, value: 40 }], [], quick)).toEqual({
      outcome: 'noReply',
      status: null,
      statusName: null,
      values: [],
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(await operationsOf(env.t.db, device.deviceId)).toMatchObject([{ outcome: 'noReply', detail: '' }]);
  });

  it('gives concurrent commands to one device their own sequence numbers and their own replies, answered out of order', async () => {
    const device = await commandDevice(env.w);
    const order: number[] = [];
    // The first command is answered last.
    env.w.responder.behave(device.deviceCode, { kind: 'answer', delayMs: () => 100 - order.push(0) * 15 });
    const values = [20, 25, 30, 35, 40, 45];
    const answers = await Promise.all(values.map((value) => set(device.deviceId, [{ address: 4, value }])));
    expect(answers.map((answer) => answer.values)).toEqual(values.map((value) => [{ address: 4, value }]));
    const seqs = env.w.responder.received
      .filter((frame) => frame.deviceCode === device.deviceCode)
      .map((frame) => frame.seq);
    expect(new Set(seqs).size).toBe(values.length);
    expect(env.w.service.sequences.pending(device.deviceCode)).toBe(0);
    expect((await operationsOf(env.t.db, device.deviceId)).map((entry) => entry.outcome)).toEqual(
      values.map(() => 'applied'),
    );
  });

  describe('refusals before anything is sent (each logged as rejected)', () => {
    it('refuses a locked device with the spec message in both languages', async () => {
      const device = await commandDevice(env.w, { locked: true });
      const before = sentCount();
      expect(await refusalOf(set(device.deviceId, [{ address: 4, value: 40 }]))).toMatchObject({
        code: ErrorCode.DEVICE_LOCKED,
        en: 'The device is locked and cannot be controlled; create a project and submit it for review',
        zh: '设备已锁定，无法控制，请创建项目提交审核',
      });
      expect(sentCount()).toBe(before);
      expect(await operationsOf(env.t.db, device.deviceId)).toMatchObject([
        { outcome: 'rejected', detail: 'deviceCommands.error.locked' },
      ]);
    });

    it('refuses an offline or never connected device with the spec message in both languages', async () => {
      const device = await commandDevice(env.w, { connected: false });
      expect(await refusalOf(set(device.deviceId, [{ address: 4, value: 40 }]))).toMatchObject({
        code: ErrorCode.DEVICE_OFFLINE,
        en: 'The device is offline and cannot be operated',
        zh: '设备离线，无法操作',
      });
      expect(await operationsOf(env.t.db, device.deviceId)).toMatchObject([
        { outcome: 'rejected', detail: 'deviceCommands.error.offline' },
      ]);
    });

    it('refuses a locked device as locked even when it is offline (the lock is named first)', async () => {
      const device = await commandDevice(env.w, { locked: true, connected: false });
      expect((await refusalOf(set(device.deviceId, [{ address: 4, value: 40 }]))).code).toBe(ErrorCode.DEVICE_LOCKED);
    });

    it("checks a thing-model (Alink) device's values against the specs of its published model", async () => {
      const device = await commandDevice(env.w, { productId: env.w.waterHeater });
      const before = sentCount();
      expect(await refusalOf(set(device.deviceId, [{ address: 2, value: 80 }]))).toMatchObject({
        code: ErrorCode.VALUE_OUT_OF_RANGE,
        en: 'Point Target temperature (2): 80 is outside its range 35 to 75',
        zh: '点位 Target temperature (2)：80 超出取值范围 35 至 75',
        field: 'values.0.value',
      });
      expect((await refusalOf(set(device.deviceId, [{ address: 2, value: 50.5 }]))).code).toBe(
        ErrorCode.VALUE_NOT_REPRESENTABLE,
      );
      expect(await refusalOf(set(device.deviceId, [{ address: 4, value: 7 }]))).toMatchObject({
        code: ErrorCode.VALUE_NOT_ENUM,
        en: 'Point Work mode (4): 7 is not one of its values (0, 1, 2)',
      });
      expect((await refusalOf(set(device.deviceId, [{ address: 1, value: 2 }]))).code).toBe(ErrorCode.VALUE_NOT_ENUM);
      expect((await refusalOf(set(device.deviceId, [{ address: 3, value: 40 }]))).code).toBe(
        ErrorCode.POINT_NOT_WRITABLE,
      );
      expect((await refusalOf(set(device.deviceId, [{ address: 9, value: 1 }]))).code).toBe(ErrorCode.POINT_UNKNOWN);
      expect(
        (
          await refusalOf(
            set(device.deviceId, [
              { address: 2, value: 50 },
              { address: 2, value: 51 },
            ]),
          )
        ).code,
      ).toBe(ErrorCode.POINT_DUPLICATE);
      expect(sentCount()).toBe(before);
      expect((await operationsOf(env.t.db, device.deviceId)).map((entry) => entry.outcome)).toEqual(
        Array.from({ length: 7 }, () => 'rejected'),
      );
    });

    it('refuses an unknown point, a read-only point and a point given twice, on the value field', async () => {
      const device = await commandDevice(env.w);
      expect(
        await refusalOf(
          set(device.deviceId, [
            { address: 4, value: 40 },
            { address: 999, value: 1 },
          ]),
        ),
      ).toMatchObject({
        code: ErrorCode.POINT_UNKNOWN,
        en: 'Point 999 is not a point of this device',
        zh: '点位 999 不是该设备的点位',
        field: 'values.1.value',
      });
      expect(await refusalOf(set(device.deviceId, [{ address: 10, value: 40 }]))).toMatchObject({
        code: ErrorCode.POINT_NOT_WRITABLE,
        en: 'Point Water inlet temp (10) cannot be set: only read-write (RW) points are set',
        field: 'values.0.value',
      });
      expect(await zhRefusal(device.deviceId, [{ address: 10, value: 40 }])).toBe(
        '点位 进水温度 (10) 不可设置：只能设置读写（RW）点位',
      );
      expect(
        (
          await refusalOf(
            set(device.deviceId, [
              { address: 4, value: 40 },
              { address: 4, value: 41 },
            ]),
          )
        ).code,
      ).toBe(ErrorCode.POINT_DUPLICATE);
      expect((await operationsOf(env.t.db, device.deviceId)).map((entry) => entry.outcome)).toEqual([
        'rejected',
        'rejected',
        'rejected',
        'rejected',
      ]);
    });

    it('refuses a vendor parameter without the vendor parameter button and sends it with the button', async () => {
      const device = await commandDevice(env.w);
      expect(await refusalOf(set(device.deviceId, [{ address: 21, value: 70 }]))).toMatchObject({
        code: ErrorCode.POINT_VENDOR_PARAM,
        en: 'Point Max hot-water setpoint (21) is a vendor parameter: setting it needs the vendor parameter permission',
        field: 'values.0.value',
      });
      expect((await set(device.deviceId, [{ address: 21, value: 70 }], [Button.DEVICE_VENDOR_PARAMS])).outcome).toBe(
        'applied',
      );
    });

    it('refuses values below and above the range, naming the point, the value and the resolved minimum and maximum', async () => {
      const device = await commandDevice(env.w, { values: { 21: 60 } });
      const before = sentCount();
      expect(await refusalOf(set(device.deviceId, [{ address: 4, value: 19 }]))).toMatchObject({
        code: ErrorCode.VALUE_OUT_OF_RANGE,
        en: 'Point Heating setpoint (4): 19 is outside its range 20 to 55',
        field: 'values.0.value',
      });
      expect(await zhRefusal(device.deviceId, [{ address: 4, value: 19 }])).toBe(
        '点位 制热设定温度 (4)：19 超出取值范围 20 至 55',
      );
      expect((await refusalOf(set(device.deviceId, [{ address: 4, value: 56 }]))).en).toBe(
        'Point Heating setpoint (4): 56 is outside its range 20 to 55',
      );
      // setHot's range is 30..$21$: its maximum is the device's current maxSet (60), quoted only to a holder of B9405.
      const vendor = [Button.DEVICE_VENDOR_PARAMS];
      expect(await refusalOf(set(device.deviceId, [{ address: 3, value: 61 }], vendor))).toMatchObject({
        code: ErrorCode.VALUE_OUT_OF_RANGE,
        en: 'Point Hot-water setpoint (3): 61 is outside its range 30 to 60',
        field: 'values.0.value',
      });
      expect((await refusalOf(set(device.deviceId, [{ address: 3, value: 29 }], vendor))).en).toBe(
        'Point Hot-water setpoint (3): 29 is outside its range 30 to 60',
      );
      expect(sentCount()).toBe(before);
      expect((await set(device.deviceId, [{ address: 3, value: 60 }])).outcome).toBe('applied');
      // Raising maxSet in the same command lets the setpoint follow.
      expect(
        (
          await set(
            device.deviceId,
            [
              { address: 21, value: 70 },
              { address: 3, value: 65 },
            ],
            [Button.DEVICE_VENDOR_PARAMS],
          )
        ).outcome,
      ).toBe('applied');
      const log = await operationsOf(env.t.db, device.deviceId);
      expect(log.map((entry) => entry.outcome)).toEqual([
        'rejected',
        'rejected',
        'rejected',
        'rejected',
        'rejected',
        'applied',
        'applied',
      ]);
      expect(log[3]).toMatchObject({
        detail: 'deviceCommands.error.outOfRange',
        detail_params: { value: 61, min: '30', max: '60' },
      });
    });

    it('refuses a range that references a point the device has not reported, rather than guessing', async () => {
      const device = await commandDevice(env.w);
      expect(
        await refusalOf(set(device.deviceId, [{ address: 3, value: 50 }], [Button.DEVICE_VENDOR_PARAMS])),
      ).toMatchObject({
        code: ErrorCode.RANGE_REFERENCE_UNKNOWN,
        en: 'Point Hot-water setpoint (3): its range needs the current value of point 21, which the device has not reported',
      });
    });

    it('refuses a value finer than the point carries and one that is not an enum value', async () => {
      const device = await commandDevice(env.w);
      expect(await refusalOf(set(device.deviceId, [{ address: 4, value: 40.5 }]))).toMatchObject({
        code: ErrorCode.VALUE_NOT_REPRESENTABLE,
        en: 'Point Heating setpoint (4): 40.5 cannot be sent (finer than the point allows, or too large)',
        field: 'values.0.value',
      });
      expect(await refusalOf(set(device.deviceId, [{ address: 2, value: 7 }]))).toMatchObject({
        code: ErrorCode.VALUE_NOT_ENUM,
        en: 'Point Mode (2): 7 is not one of its values (0, 1, 2, 3)',
      });
      expect(await zhRefusal(device.deviceId, [{ address: 2, value: 7 }])).toBe(
        '点位 模式 (2)：7 不是可选值（0, 1, 2, 3）',
      );
    });

    it('answers COMMAND_NOT_SENT when no broker takes the command, and logs it as rejected', async () => {
      const device = await commandDevice(env.w);
      const unwired = commandService({
        ...env.w.service,
        downlink: trafficCountingDownlink(env.w.db, noBrokerDownlink, DEFAULT_TIME_ZONE),
      });
      expect(await refusalOf(set(device.deviceId, [{ address: 4, value: 40 }], [], unwired))).toMatchObject({
        code: ErrorCode.COMMAND_NOT_SENT,
        en: 'The command could not be sent to the device: no device broker runs in this server',
      });
      expect(unwired.sequences.pending(device.deviceCode)).toBe(0);
      expect(await operationsOf(env.t.db, device.deviceId)).toMatchObject([
        { outcome: 'rejected', detail: 'deviceCommands.error.noBroker' },
      ]);
    });
  });

  it("never commands another branch's device: NOT_FOUND like a missing id, nothing sent, nothing logged", async () => {
    const foreign = await commandDevice(env.w, { dealerId: env.w.B, values: { 21: 60 } });
    const parent = await commandDevice(env.w, { dealerId: env.w.P, values: { 21: 60 } });
    const before = sentCount();
    for (const deviceId of [foreign.deviceId, parent.deviceId, '999999999', 'x']) {
      expect((await refusalOf(set(deviceId, [{ address: 4, value: 40 }]))).code).toBe(ErrorCode.NOT_FOUND);
    }
    expect(sentCount()).toBe(before);
    expect(await operationsOf(env.t.db, foreign.deviceId)).toEqual([]);
  });
});
