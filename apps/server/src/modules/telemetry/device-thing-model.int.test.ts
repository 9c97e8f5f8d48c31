import { Button, ErrorCode, getDeviceThingModel, getDeviceValues, type ThingModel } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDemoDevice } from '../../../test/device-link.ts';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';

/** thingModelDeviceDetail's reads: the published model of a thing-model device (demo water heater), and its properties as points. */
const env = {} as { t: TestApp; A: string; B: string; caller: { sessionid: string; dealersId: string } };

beforeAll(async () => {
  env.t = await startTestApp();
  const P = await newDealer(env.t.db, { level: 0 });
  env.A = await newDealer(env.t.db, { parentId: P, level: 1 });
  env.B = await newDealer(env.t.db, { parentId: P, level: 1 });
  const user = await newUser(env.t.db);
  // Only the device list's button: no product catalog button is needed to read a device's model.
  await newMember(env.t.db, env.A, user.id, [Button.DEVICES]);
  env.caller = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.A };
});
afterAll(async () => env.t.close());

describe('getDeviceThingModel', () => {
  it("answers the published model of a thing-model device's product, with its properties, events and services", async () => {
    const heater = await newDemoDevice(env.t, { dealerId: env.A, productKey: 'pkwhx1demo01' });
    const { body } = await call<{ model: ThingModel | null }>(
      env.t.app,
      getDeviceThingModel,
      { deviceId: heater.id },
      env.caller,
    );
    expect(body.error_code).toBe(ErrorCode.OK);
    const model = body.objectResult!.model!;
    expect(model.properties.length).toBeGreaterThan(0);
    expect(model.events.length + model.services.length).toBeGreaterThan(0);
    // The current-values call names the same properties by their published positions.
    const values = await call<{ dataList: Array<{ address: number; code: string }> }>(
      env.t.app,
      getDeviceValues,
      { deviceId: heater.id },
      env.caller,
    );
    expect(values.body.objectResult!.dataList.map((p) => p.code)).toEqual(model.properties.map((p) => p.identifier));
  });

  it("names the properties in both languages and labels their values in the reader's", async () => {
    const heater = await newDemoDevice(env.t, { dealerId: env.A, productKey: 'pkwhx1demo01' });
    type Point = { code: string; name: string; enName: string; options: Array<{ label: string }> };
    const workMode = async (language: string) =>
      (
        await call<{ dataList: Point[] }>(
          env.t.app,
          getDeviceValues,
          { deviceId: heater.id },
          { ...env.caller, language },
        )
      ).body.objectResult!.dataList.find((p) => p.code === 'WorkMode')!;
    const inChinese = await workMode('zh_CN');
    expect(inChinese).toMatchObject({ name: '工作模式', enName: 'Work mode' });
    expect(inChinese.options.map((o) => o.label)).toEqual(['节能', '标准', '速热']);
    expect((await workMode('en_US')).options.map((o) => o.label)).toEqual(['Eco', 'Standard', 'Boost']);
  });

  it('answers null for a protocol-point device', async () => {
    const pump = await newDemoDevice(env.t, { dealerId: env.A });
    expect((await call(env.t.app, getDeviceThingModel, { deviceId: pump.id }, env.caller)).body.objectResult).toEqual({
      model: null,
    });
  });

  it("answers another branch's device like a missing one, and refuses a malformed id in the caller's language", async () => {
    const foreign = await newDemoDevice(env.t, { dealerId: env.B, productKey: 'pkwhx1demo01' });
    expect((await call(env.t.app, getDeviceThingModel, { deviceId: foreign.id }, env.caller)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await call(env.t.app, getDeviceThingModel, { deviceId: '999999999' }, env.caller)).body.error_code).toBe(
      ErrorCode.NOT_FOUND,
    );
    const bad = await call(
      env.t.app,
      getDeviceThingModel,
      { deviceId: 'x'.repeat(100) },
      { ...env.caller, language: 'zh_CN' },
    );
    expect(bad.body.error_code).toBe(ErrorCode.BAD_REQUEST);
  });
});
