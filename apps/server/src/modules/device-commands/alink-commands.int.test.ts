import { Button, ErrorCode, lockDevice, setDevicePointValues, type CommandAnswer } from '@dcc/contract';
import { buildReply, deviceTopic, parseAlinkRequest } from '@dcc/protocol';
import { VirtualDevice, VirtualGateway } from '@dcc/simulator';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brokerUrl,
  connectDevice,
  newDemoDevice,
  presenceOf,
  waitFor,
  type TestDevice,
} from '../../../test/device-link.ts';
import { operationsOf } from '../../../test/device-commands-setup.ts';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { currentValues } from '../../ingest/pipeline/current-values.ts';
import { loadLinkConfig } from '../../link-config.ts';

/**
 * Property sets to thing-model (Alink) devices over the embedded broker and the ingest pipeline
 * (docs/device-protocol.md section 14): the property.set goes down the device's topic, the reply with
 * its id comes up, and the call answers applied, refused with the device's code and message, or noReply.
 */
const TARGET_TEMPERATURE = 2;
const WATER_HEATER = 'pkwhx1demo01';

type Behaviour = { kind: 'answer'; code: number; message?: string } | { kind: 'silent' };

describe('Alink property sets to a thing-model device', () => {
  const env = {} as {
    t: TestApp;
    caller: { sessionid: string; dealersId: string };
    dealer: string;
    heater: TestDevice;
    client: MqttClient;
    behaviour: Behaviour;
    received: unknown[];
  };
  const packetsDown = async (deviceId: string) =>
    (
      await env.t.db.selectFrom('device_traffic').select('packets_down').where('device_id', '=', deviceId).execute()
    ).reduce((n, r) => n + Number(r.packets_down), 0);
  const setTarget = (device: TestDevice, value: number) =>
    call<CommandAnswer>(
      env.t.app,
      setDevicePointValues,
      { deviceId: device.id, values: [{ address: TARGET_TEMPERATURE, value }] },
      env.caller,
    );

  beforeAll(async () => {
    env.t = await startTestApp({
      link: { ...loadLinkConfig({}), mqttPort: 0, mqttHost: '127.0.0.1' },
      commands: { timeoutMs: 2500 },
    });
    env.dealer = await newDealer(env.t.db, { level: 0 });
    const user = await newUser(env.t.db);
    await newMember(env.t.db, env.dealer, user.id, [Button.DEVICES, Button.DEVICE_CONTROL, Button.DEVICE_ACTIVATE]);
    env.caller = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.dealer };
    // A hand-driven device: it answers each property set as told, or stays silent.
    env.heater = await newDemoDevice(env.t, { dealerId: env.dealer, productKey: WATER_HEATER });
    env.behaviour = { kind: 'answer', code: 200 };
    env.received = [];
    env.client = await connectDevice(env.t, env.heater);
    env.client.on('message', (_topic, payload) => {
      env.received.push(JSON.parse(payload.toString('utf8')));
      const request = parseAlinkRequest(payload);
      if (!request.ok || env.behaviour.kind === 'silent') return;
      const reply = buildReply(request.message, env.behaviour.code, {}, env.behaviour.message);
      void env.client.publishAsync(deviceTopic(env.heater.code, 'up'), JSON.stringify(reply), { qos: 1 });
    });
    await env.client.subscribeAsync(deviceTopic(env.heater.code, 'down'), { qos: 1 });
    await waitFor('the device online', async () => (await presenceOf(env.t, env.heater.id)).connected);
  }, 60_000);
  afterAll(async () => {
    await env.client?.endAsync();
    await env.t?.close();
  });

  it('sends a property set that the simulated water heater applies: applied, with the values it confirmed, logged', async () => {
    const device = await newDemoDevice(env.t, { dealerId: env.dealer, productKey: WATER_HEATER });
    const sim = new VirtualDevice({
      url: brokerUrl(env.t),
      identity: { code: device.code, secret: device.secret, kind: 'waterHeater' },
      reportIntervalMs: 60_000,
    });
    sim.start();
    try {
      // Its first property post is stored: the subscription it sent before it is in place.
      await waitFor("the simulator's first report stored", async () =>
        (await currentValues(env.t.db, device.id)).has(TARGET_TEMPERATURE),
      );
      const answer = await setTarget(device, 61);
      expect(answer.body).toMatchObject({
        error_code: 0,
        objectResult: {
          outcome: 'applied',
          status: 200,
          statusName: 'success',
          values: [{ address: TARGET_TEMPERATURE, value: 61 }],
        },
      });
      expect(
        (sim.model as unknown as { heater: { properties: Record<string, number> } }).heater.properties
          .TargetTemperature,
      ).toBe(61);
      // The confirmed value is the device's current value at once, long before its next property post (60 s).
      await waitFor(
        'the applied value stored as current',
        async () => (await currentValues(env.t.db, device.id)).get(TARGET_TEMPERATURE) === 61,
      );
      expect(await operationsOf(env.t.db, device.id)).toMatchObject([
        { action: 'setValues', outcome: 'applied', detail: 'success', summary: '2=61' },
      ]);
    } finally {
      await sim.stop();
    }
  });

  it('sends the Alink property.set with the command id on the device topic', async () => {
    env.behaviour = { kind: 'answer', code: 200 };
    const sentBefore = await packetsDown(env.heater.id);
    await setTarget(env.heater, 50);
    expect(env.received.at(-1)).toMatchObject({
      version: '1.0',
      method: 'thing.service.property.set',
      params: { TargetTemperature: 50 },
    });
    expect((env.received.at(-1) as Record<string, unknown>).deviceCode).toBeUndefined();
    // Counted in the device's down traffic like a protocol command.
    expect(await packetsDown(env.heater.id)).toBe(sentBefore + 1);
  });

  it("answers refused with the device's code and message, and logs it", async () => {
    env.behaviour = { kind: 'answer', code: 460, message: 'tank too hot' };
    const answer = await setTarget(env.heater, 70);
    expect(answer.body).toMatchObject({
      error_code: 0,
      objectResult: { outcome: 'refused', status: 460, statusName: 'tank too hot', values: [] },
    });
    expect((await operationsOf(env.t.db, env.heater.id)).at(-1)).toMatchObject({
      outcome: 'refused',
      detail: 'tank too hot',
    });
  });

  it('answers noReply when the device stays silent within the timeout', async () => {
    env.behaviour = { kind: 'silent' };
    const started = Date.now();
    const answer = await setTarget(env.heater, 45);
    expect(answer.body).toMatchObject({ error_code: 0, objectResult: { outcome: 'noReply', status: null } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2400);
    expect((await operationsOf(env.t.db, env.heater.id)).at(-1)).toMatchObject({ outcome: 'noReply' });
  });

  it('refuses a value outside the property range before sending anything', async () => {
    const before = env.received.length;
    const refused = await setTarget(env.heater, 80);
    expect(refused.body).toMatchObject({ error_code: ErrorCode.VALUE_OUT_OF_RANGE });
    expect(env.received.length).toBe(before);
  });

  it('reaches a thing-model child through a simulated gateway: its reports are stored under it, and a property set is applied', async () => {
    const gatewayDevice = await newDemoDevice(env.t, { dealerId: env.dealer });
    const child = await newDemoDevice(env.t, { dealerId: env.dealer, productKey: WATER_HEATER });
    await env.t.db
      .insertInto('device_topology')
      .values({ gateway_device_id: gatewayDevice.id, child_device_id: child.id })
      .execute();
    const gateway = new VirtualGateway({
      url: brokerUrl(env.t),
      identity: gatewayDevice,
      children: [{ code: child.code, kind: 'waterHeater' }],
      reportIntervalMs: 60_000,
    });
    gateway.start();
    try {
      await waitFor(
        'the child online through the gateway',
        async () => (await presenceOf(env.t, child.id)).connection_id === `gateway:${gatewayDevice.code}`,
      );
      await waitFor("the child's property post stored", async () =>
        (await currentValues(env.t.db, child.id)).has(TARGET_TEMPERATURE),
      );
      const answer = await setTarget(child, 66);
      expect(answer.body).toMatchObject({
        error_code: 0,
        objectResult: { outcome: 'applied', values: [{ address: TARGET_TEMPERATURE, value: 66 }] },
      });
      gateway.report();
      await waitFor(
        'the new target reported',
        async () => (await currentValues(env.t.db, child.id)).get(TARGET_TEMPERATURE) === 66,
      );
      expect(await currentValues(env.t.db, gatewayDevice.id)).toEqual(new Map());
    } finally {
      await gateway.stop();
    }
  });

  it('refuses to lock it, saying Alink has no lock message', async () => {
    const refused = await call(env.t.app, lockDevice, { deviceId: env.heater.id }, env.caller);
    expect(refused.body.error_code).toBe(ErrorCode.DEVICE_THING_MODEL);
    expect(JSON.stringify(refused.body)).toContain('Alink has no activation, lock or unlock message');
    expect((await operationsOf(env.t.db, env.heater.id)).at(-1)).toMatchObject({
      action: 'lock',
      outcome: 'rejected',
      detail: 'deviceCommands.error.thingModel',
    });
  });
});
