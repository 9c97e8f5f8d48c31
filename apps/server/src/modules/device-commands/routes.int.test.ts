import {
  Button,
  ErrorCode,
  listDeviceOperations,
  lockDevice,
  setDevicePointValues,
  type DeviceOperation,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandDevice, commandWorld, type CommandWorld } from '../../../test/device-commands-setup.ts';
import { newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * The command calls on the wire, as buildApp wires them before the broker is merged: the Downlink
 * refuses (no broker), so a command that passes every check answers COMMAND_NOT_SENT.
 */
const env = {} as {
  t: TestApp;
  w: CommandWorld;
  operator: { sessionid: string; dealersId: string };
  vendor: { sessionid: string; dealersId: string };
};

beforeAll(async () => {
  env.t = await startTestApp();
  env.w = await commandWorld(env.t.db);
  const operator = await newUser(env.t.db, { realName: 'Operator Li' });
  await newMember(env.t.db, env.w.A, operator.id, [Button.DEVICES, Button.DEVICE_CONTROL, Button.DEVICE_ACTIVATE]);
  env.operator = { sessionid: await loginAs(env.t.app, operator.phone), dealersId: env.w.A };
  const vendor = await newUser(env.t.db);
  await newMember(env.t.db, env.w.A, vendor.id, [Button.DEVICE_CONTROL, Button.DEVICE_VENDOR_PARAMS]);
  env.vendor = { sessionid: await loginAs(env.t.app, vendor.phone), dealersId: env.w.A };
});
afterAll(async () => env.t.close());

describe('device command calls', () => {
  it("answers the spec's refusals in the caller's language, on the value's field", async () => {
    const locked = await commandDevice(env.w, { locked: true });
    expect(
      (
        await call(
          env.t.app,
          setDevicePointValues,
          { deviceId: locked.deviceId, values: [{ address: 4, value: 40 }] },
          { ...env.operator, language: 'zh_CN' },
        )
      ).body,
    ).toMatchObject({
      error_code: ErrorCode.DEVICE_LOCKED,
      error_msg: '设备已锁定，无法控制，请创建项目提交审核',
    });
    const online = await commandDevice(env.w);
    expect(
      (
        await call(
          env.t.app,
          setDevicePointValues,
          { deviceId: online.deviceId, values: [{ address: 10, value: 1 }] },
          env.operator,
        )
      ).body,
    ).toMatchObject({
      error_code: ErrorCode.POINT_NOT_WRITABLE,
      objectResult: {
        fieldErrors: [
          {
            field: 'values.0.value',
            message: 'Point Water inlet temp (10) cannot be set: only read-write (RW) points are set',
          },
        ],
      },
    });
    expect(
      (await call(env.t.app, setDevicePointValues, { deviceId: online.deviceId, values: [] }, env.operator)).body,
    ).toMatchObject({ error_code: ErrorCode.BAD_REQUEST });
  });

  it('checks the vendor parameter button of the caller in the company it acts for', async () => {
    const device = await commandDevice(env.w, { values: { 21: 60 } });
    expect(
      (
        await call(
          env.t.app,
          setDevicePointValues,
          { deviceId: device.deviceId, values: [{ address: 21, value: 70 }] },
          env.operator,
        )
      ).body.error_code,
    ).toBe(ErrorCode.POINT_VENDOR_PARAM);
    // With the button every check passes; this server has no broker yet, and says so.
    expect(
      (
        await call(
          env.t.app,
          setDevicePointValues,
          { deviceId: device.deviceId, values: [{ address: 21, value: 70 }] },
          env.vendor,
        )
      ).body,
    ).toMatchObject({
      error_code: ErrorCode.COMMAND_NOT_SENT,
      error_msg: 'The command could not be sent to the device: no device broker runs in this server',
    });
  });

  it("lists a device's operation log newest first, paged, rejections in the reader's language; another branch's device is NOT_FOUND", async () => {
    const device = await commandDevice(env.w, { connected: false });
    await call(
      env.t.app,
      setDevicePointValues,
      { deviceId: device.deviceId, values: [{ address: 4, value: 40 }] },
      env.operator,
    );
    await call(env.t.app, lockDevice, { deviceId: device.deviceId }, env.operator);
    await env.t.db.updateTable('devices').set({ connected: true }).where('id', '=', device.deviceId).execute();
    await call(env.t.app, lockDevice, { deviceId: device.deviceId }, env.operator);
    const page = await call<{ list: DeviceOperation[]; totalSize: number }>(
      env.t.app,
      listDeviceOperations,
      { deviceId: device.deviceId, pageIndex: 1, pageSize: 2 },
      { ...env.operator, language: 'zh_CN' },
    );
    expect(page.body.objectResult).toMatchObject({
      totalSize: 3,
      list: [
        {
          action: 'lock',
          outcome: 'rejected',
          detail: '指令无法下发到设备：本服务器未运行设备消息代理',
          operatorName: 'Operator Li',
        },
        { action: 'lock', outcome: 'rejected', detail: '设备离线，无法操作' },
      ],
    });
    const second = await call<{ list: DeviceOperation[] }>(
      env.t.app,
      listDeviceOperations,
      { deviceId: device.deviceId, pageIndex: 2, pageSize: 2 },
      env.operator,
    );
    expect(second.body.objectResult?.list).toMatchObject([
      {
        action: 'setValues',
        outcome: 'rejected',
        summary: '4=40',
        detail: 'The device is offline and cannot be operated',
      },
    ]);
    const foreign = await commandDevice(env.w, { dealerId: env.w.B });
    expect(
      (await call(env.t.app, listDeviceOperations, { deviceId: foreign.deviceId }, env.operator)).body.error_code,
    ).toBe(ErrorCode.NOT_FOUND);
  });
});
