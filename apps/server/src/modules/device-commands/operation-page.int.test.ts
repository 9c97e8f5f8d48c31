import { Button, listDeviceOperations, type DeviceOperation } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandDevice, commandWorld, type CommandWorld } from '../../../test/device-commands-setup.ts';
import { newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { controlDevice } from './control.ts';
import { setPointValues } from './set-values.ts';

/**
 * The operation log as a reader gets it: points by name and enum options by label in the reader's
 * language, the device's answer in words, a command's fields by name; a vendor parameter's value only
 * for readers holding B9405 (SECURITY.md "Every change to a device is logged").
 */
type Reader = { sessionid: string; dealersId: string };
const env = {} as { t: TestApp; w: CommandWorld; plain: Reader; vendor: Reader; deviceId: string };

const reader = async (buttons: string[]): Promise<Reader> => {
  const user = await newUser(env.t.db);
  await newMember(env.t.db, env.w.A, user.id, buttons);
  return { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.w.A };
};

beforeAll(async () => {
  env.t = await startTestApp();
  env.w = await commandWorld(env.t.db);
  env.plain = await reader([Button.DEVICES]);
  env.vendor = await reader([Button.DEVICES, Button.DEVICE_VENDOR_PARAMS]);
  const device = await commandDevice(env.w, { values: { 21: 60 } });
  env.deviceId = device.deviceId;
  const actor = { ...env.w.actor, vendorParams: true };
  await setPointValues(
    env.w.service,
    env.w.scope,
    actor,
    {
      deviceId: device.deviceId,
      values: [
        { address: 3, value: 47 },
        { address: 2, value: 1 },
      ],
    },
    'en-US',
  );
  await setPointValues(
    env.w.service,
    env.w.scope,
    actor,
    { deviceId: device.deviceId, values: [{ address: 21, value: 70 }] },
    'en-US',
  );
  await controlDevice(env.w.service, env.w.scope, env.w.actor, { deviceId: device.deviceId, action: 'lock' }, 'en-US');
  await controlDevice(
    env.w.service,
    env.w.scope,
    env.w.actor,
    { deviceId: device.deviceId, action: 'unlock' },
    'en-US',
  );
  await controlDevice(
    env.w.service,
    env.w.scope,
    env.w.actor,
    { deviceId: device.deviceId, action: 'activate', skipAudit: true },
    'en-US',
  );
});
afterAll(async () => env.t.close());

const page = async (who: Reader, language: string) =>
  (
    await call<{ list: DeviceOperation[] }>(
      env.t.app,
      listDeviceOperations,
      { deviceId: env.deviceId, pageIndex: 1, pageSize: 10 },
      { ...who, language },
    )
  ).body.objectResult!.list;

describe('the operation log in the reader’s language', () => {
  it('names the points set, their options and the device’s answer in English and Chinese', async () => {
    const [, , , vendorSet, set] = await page(env.plain, 'en_US');
    expect(set).toMatchObject({
      action: 'setValues',
      outcome: 'applied',
      detail: 'Accepted by the device',
      points: [
        { address: 3, name: 'Hot-water setpoint', value: 47, unit: '°C', label: null },
        { address: 2, name: 'Mode', value: 1, label: 'Cooling' },
      ],
    });
    expect(vendorSet!.points).toEqual([{ address: 21, name: '', value: null, unit: '', label: null }]);
    const [, , , , zhSet] = await page(env.plain, 'zh_CN');
    expect(zhSet).toMatchObject({
      detail: '设备已接受',
      points: [
        { name: '热水设定温度', value: 47, unit: '°C' },
        { name: '模式', label: '制冷' },
      ],
    });
  });

  it('answers the value of a vendor parameter set only to a reader holding B9405', async () => {
    const [, , , vendorSet] = await page(env.vendor, 'en_US');
    expect(vendorSet!.points).toEqual([
      { address: 21, name: 'Max hot-water setpoint', value: 70, unit: '°C', label: null },
    ]);
  });

  it('logs activation, lock and unlock with the fields they changed or asked for', async () => {
    const [activate, unlock, lock] = await page(env.plain, 'en_US');
    expect(lock).toMatchObject({
      action: 'lock',
      outcome: 'applied',
      detail: 'Accepted by the device',
      changes: [{ field: 'locked', from: false, to: true }],
    });
    expect(unlock).toMatchObject({ action: 'unlock', changes: [{ field: 'locked', from: true, to: false }] });
    expect(activate!.summary).toBe('');
    expect(activate!.changes).toEqual(
      expect.arrayContaining([
        { field: 'skipAudit', from: null, to: true },
        expect.objectContaining({ field: 'activateTime', from: null }),
      ]),
    );
  });
});
