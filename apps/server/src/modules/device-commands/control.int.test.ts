import { ErrorCode } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandDevice,
  commandWorld,
  operationsOf,
  refusalOf,
  type CommandWorld,
} from '../../../test/device-commands-setup.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import type { DeviceEvent } from '../../events/device-events.ts';
import { activateScopedDevice } from './activation.ts';
import { commandService } from './command-deps.ts';
import { controlDevice, type ControlRequest } from './control.ts';
import { warrantyUntil } from './control-effects.ts';
import { setPointValues } from './set-values.ts';

const env = {} as { t: TestApp; w: CommandWorld };

beforeAll(async () => {
  env.t = await startTestApp();
  env.w = await commandWorld(env.t.db);
});
afterAll(async () => env.t.close());

const control = (request: ControlRequest, service = env.w.service) =>
  controlDevice(service, env.w.scope, env.w.actor, request, 'en-US');
const row = (deviceId: string) =>
  env.t.db.selectFrom('devices').selectAll().where('id', '=', deviceId).executeTakeFirstOrThrow();

describe('traffic', () => {
  it("counts each frame sent in the device's traffic of the day (down), none for a command refused before sending", async () => {
    const device = await commandDevice(env.w);
    await control({ deviceId: device.deviceId, action: 'activate', skipAudit: true });
    await refusalOf(control({ deviceId: device.deviceId, action: 'activate', skipAudit: true }));
    const rows = await env.t.db
      .selectFrom('device_traffic')
      .selectAll()
      .where('device_id', '=', device.deviceId)
      .execute();
    expect(rows).toHaveLength(1);
    expect([Number(rows[0]!.packets_down), Number(rows[0]!.bytes_down) > 0, Number(rows[0]!.packets_up)]).toEqual([
      1,
      true,
      0,
    ]);
  });
});

describe('activate', () => {
  it('skipping the audit activates at once: activation time, a 1.5-year warranty, status ONLINE since connected; logged', async () => {
    const device = await commandDevice(env.w);
    const before = Date.now();
    const answer = await control({ deviceId: device.deviceId, action: 'activate', skipAudit: true });
    expect(answer).toMatchObject({
      outcome: 'applied',
      status: 0,
      statusName: 'accepted',
      device: { status: 'ONLINE', deviceId: device.deviceId },
    });
    expect(env.w.responder.received.at(-1)).toMatchObject({ deviceCode: device.deviceCode, functionName: 'control' });
    const stored = await row(device.deviceId);
    expect(stored.activated_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.warranty_until).toEqual(warrantyUntil(stored.activated_at!));
    const months =
      (stored.warranty_until!.getUTCFullYear() - stored.activated_at!.getUTCFullYear()) * 12 +
      stored.warranty_until!.getUTCMonth() -
      stored.activated_at!.getUTCMonth();
    expect(months).toBe(18);
    expect(answer.device.warrantyUntil).toBe(stored.warranty_until!.toISOString());
    expect(await operationsOf(env.t.db, device.deviceId)).toMatchObject([
      { action: 'activate', outcome: 'applied', request: { skipAudit: true }, operator_name: '操作员 Wang' },
    ]);
    expect((await refusalOf(control({ deviceId: device.deviceId, action: 'activate', skipAudit: true }))).code).toBe(
      ErrorCode.DEVICE_ALREADY_ACTIVE,
    );
  });

  it("tells the live streams the owner's counts moved once a device is activated (it counts as online now), not on a refusal", async () => {
    const device = await commandDevice(env.w, { dealerId: env.w.A1 });
    const counts: DeviceEvent[] = [];
    const stop = env.w.events.subscribe((event) => {
      if (event.kind === 'counts') counts.push(event);
    });
    try {
      await control({ deviceId: device.deviceId, action: 'activate', skipAudit: true });
      expect(counts).toMatchObject([{ kind: 'counts', dealerIds: [env.w.A1] }]);
      await refusalOf(control({ deviceId: device.deviceId, action: 'activate', skipAudit: true }));
      await control({ deviceId: device.deviceId, action: 'lock' });
      expect(counts).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('without skipping the audit refuses a device in no project (the audit goes through its project); nothing sent', async () => {
    const device = await commandDevice(env.w);
    const sent = env.w.responder.received.length;
    expect(
      await refusalOf(
        activateScopedDevice(
          env.w.service,
          env.w.scope,
          env.w.actor,
          { deviceId: device.deviceId, skipAudit: false },
          'en-US',
        ),
      ),
    ).toMatchObject({
      code: ErrorCode.ACTIVATION_NEEDS_AUDIT,
      zh: '不跳过审核的激活需要设备属于某个项目：请将设备加入项目并提交项目审核，或跳过审核立即激活，质保期为1.5年',
    });
    expect(env.w.responder.received.length).toBe(sent);
    expect((await row(device.deviceId)).status).toBe('UNACTIVE');
  });

  it('a device that refuses activation answers the spec message naming the activation password function; nothing activated', async () => {
    const device = await commandDevice(env.w);
    env.w.responder.behave(device.deviceCode, { kind: 'answer', status: 'illegalValue' });
    expect(await refusalOf(control({ deviceId: device.deviceId, action: 'activate', skipAudit: true }))).toMatchObject({
      code: ErrorCode.ACTIVATION_FAILED,
      en: 'Activation failed; use the calculate activation password function',
      zh: '激活失败，请使用计算激活密码功能',
    });
    expect(await row(device.deviceId)).toMatchObject({ status: 'UNACTIVE', activated_at: null, warranty_until: null });
    expect(await operationsOf(env.t.db, device.deviceId)).toMatchObject([
      { action: 'activate', outcome: 'refused', detail: 'illegalValue' },
    ]);
  });

  it('needs the device online', async () => {
    const device = await commandDevice(env.w, { connected: false });
    expect((await refusalOf(control({ deviceId: device.deviceId, action: 'activate', skipAudit: true }))).code).toBe(
      ErrorCode.DEVICE_OFFLINE,
    );
    expect((await refusalOf(control({ deviceId: device.deviceId, action: 'lock' }))).code).toBe(
      ErrorCode.DEVICE_OFFLINE,
    );
    expect((await operationsOf(env.t.db, device.deviceId)).map((entry) => entry.outcome)).toEqual([
      'rejected',
      'rejected',
    ]);
  });
});

describe('lock and unlock', () => {
  it('locks only when the device accepted, then control is refused as locked; unlock clears it', async () => {
    const device = await commandDevice(env.w, { activated: true, values: { 21: 60 } });
    expect(await control({ deviceId: device.deviceId, action: 'lock' })).toMatchObject({
      outcome: 'applied',
      device: { locked: true },
    });
    expect((await row(device.deviceId)).locked).toBe(true);
    expect(
      (
        await refusalOf(
          setPointValues(
            env.w.service,
            env.w.scope,
            env.w.actor,
            { deviceId: device.deviceId, values: [{ address: 4, value: 40 }] },
            'en-US',
          ),
        )
      ).code,
    ).toBe(ErrorCode.DEVICE_LOCKED);
    expect(await control({ deviceId: device.deviceId, action: 'unlock' })).toMatchObject({
      outcome: 'applied',
      device: { locked: false },
    });
    expect(
      (
        await setPointValues(
          env.w.service,
          env.w.scope,
          env.w.actor,
          { deviceId: device.deviceId, values: [{ address: 4, value: 40 }] },
          'en-US',
        )
      ).outcome,
    ).toBe('applied');
    expect((await operationsOf(env.t.db, device.deviceId)).map((entry) => `${entry.action}:${entry.outcome}`)).toEqual([
      'lock:applied',
      'setValues:rejected',
      'unlock:applied',
      'setValues:applied',
    ]);
  });

  it('keeps the flag when the device refuses or does not answer', async () => {
    const device = await commandDevice(env.w, { activated: true });
    env.w.responder.behave(device.deviceCode, { kind: 'answer', status: 'busy' });
    expect(await control({ deviceId: device.deviceId, action: 'lock' })).toMatchObject({
      outcome: 'refused',
      statusName: 'busy',
      device: { locked: false },
    });
    env.w.responder.behave(device.deviceCode, { kind: 'silent' });
    const quick = commandService({ ...env.w.service, timeoutMs: 100 });
    expect(await control({ deviceId: device.deviceId, action: 'lock' }, quick)).toMatchObject({
      outcome: 'noReply',
      status: null,
      device: { locked: false },
    });
    expect((await row(device.deviceId)).locked).toBe(false);
    expect((await operationsOf(env.t.db, device.deviceId)).map((entry) => entry.outcome)).toEqual([
      'refused',
      'noReply',
    ]);
  });

  it("never activates, locks or unlocks another branch's device: NOT_FOUND, nothing sent or logged", async () => {
    const foreign = await commandDevice(env.w, { dealerId: env.w.B });
    const sent = env.w.responder.received.length;
    for (const action of ['activate', 'lock', 'unlock'] as const) {
      expect((await refusalOf(control({ deviceId: foreign.deviceId, action, skipAudit: true }))).code).toBe(
        ErrorCode.NOT_FOUND,
      );
    }
    expect(env.w.responder.received.length).toBe(sent);
    expect(await operationsOf(env.t.db, foreign.deviceId)).toEqual([]);
    expect(await row(foreign.deviceId)).toMatchObject({ locked: false, activated_at: null });
  });
});
