import { Button, ErrorCode, setDevicePointValues, type CommandAnswer } from '@dcc/contract';
import { decodeFrame, deviceTopic, encodeSetReply, gatewayChildStatus, type GatewayChildEvent } from '@dcc/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_MODES } from '../../../test/broker-modes.ts';
import {
  deviceOptions,
  historyOf,
  newDemoDevice,
  presenceOf,
  waitFor,
  type TestDevice,
} from '../../../test/device-link.ts';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { bytes, demoReport, HEAT_PUMP_TABLE } from '../../../test/ingest-setup.ts';
import { currentValues } from '../pipeline/current-values.ts';

/**
 * A gateway over a real MQTT connection in both broker modes (docs/device-protocol.md section 17):
 * it reports for its children on its own topic, says when a child lost its link or its session
 * failed, and carries the commands for its children and their replies.
 */
const HEATING = 4;

describe.each(BROKER_MODES)('a gateway and its children through $name', (mode) => {
  const env = {} as {
    t: TestApp;
    stop(): Promise<void>;
    gateway: TestDevice;
    children: [TestDevice, TestDevice];
    stranger: TestDevice;
    client: MqttClient;
    commands: Array<{ topic: string; deviceCode: string }>;
    caller: { sessionid: string; dealersId: string };
    seq: number;
  };
  const up = (payload: Buffer) => env.client.publishAsync(deviceTopic(env.gateway.code, 'up'), payload, { qos: 1 });
  const say = (event: GatewayChildEvent, child: TestDevice) =>
    env.client.publishAsync(deviceTopic(env.gateway.code, 'status'), gatewayChildStatus(event, child.code), { qos: 1 });
  const report = (child: TestDevice, heating: number) => up(demoReport(child.code, ++env.seq, { [HEATING]: heating }));
  const heatingOf = async (device: TestDevice) => (await currentValues(env.t.db, device.id)).get(HEATING);
  const setHeating = (device: TestDevice, value: number) =>
    call<CommandAnswer>(
      env.t.app,
      setDevicePointValues,
      { deviceId: device.id, values: [{ address: HEATING, value }] },
      env.caller,
    );

  beforeAll(async () => {
    const broker = await mode.start();
    env.stop = broker.stop;
    env.t = await startTestApp({ ...broker.overrides, commands: { timeoutMs: 3000 } });
    env.seq = 0;
    const dealer = await newDealer(env.t.db, { level: 0 });
    env.gateway = await newDemoDevice(env.t, { dealerId: dealer });
    env.children = [await newDemoDevice(env.t, { dealerId: dealer }), await newDemoDevice(env.t, { dealerId: dealer })];
    env.stranger = await newDemoDevice(env.t, { dealerId: dealer });
    for (const child of env.children)
      await env.t.db
        .insertInto('device_topology')
        .values({ gateway_device_id: env.gateway.id, child_device_id: child.id })
        .execute();
    const user = await newUser(env.t.db);
    await newMember(env.t.db, dealer, user.id, [Button.DEVICES, Button.DEVICE_CONTROL]);
    env.caller = { sessionid: await loginAs(env.t.app, user.phone), dealersId: dealer };

    const statusTopic = deviceTopic(env.gateway.code, 'status');
    env.client = await mqtt.connectAsync(
      broker.deviceUrl(env.t),
      deviceOptions(env.gateway, {
        will: { topic: statusTopic, payload: Buffer.from('offline'), qos: 1, retain: false },
      }),
    );
    env.commands = [];
    // The gateway obeys the set commands for its children: it answers each on its own up topic.
    env.client.on('message', (topic, payload) => {
      const decoded = decodeFrame(payload, HEAT_PUMP_TABLE);
      if (!decoded.ok || decoded.frame.function !== 'setCommand') return;
      const frame = decoded.frame;
      env.commands.push({ topic, deviceCode: frame.deviceCode });
      const applied = frame.points.map((p) => ({ address: p.address, value: p.value! }));
      void up(bytes(encodeSetReply(frame.deviceCode, 'accepted', applied, HEAT_PUMP_TABLE, { seq: frame.seq })));
    });
    await env.client.subscribeAsync(deviceTopic(env.gateway.code, 'down'), { qos: 1 });
    await env.client.publishAsync(statusTopic, 'online', { qos: 1 });
    await waitFor('the gateway online', async () => (await presenceOf(env.t, env.gateway.id)).connected, 10_000);
  }, 60_000);
  afterAll(async () => {
    await env.client?.endAsync(true);
    await env.t?.close();
    await env.stop?.();
  });

  it('stores what the gateway reports for two children under each child, and brings both online through it once', async () => {
    const [first, second] = env.children;
    await report(first, 41);
    await report(second, 42);
    await waitFor(
      'both reports stored',
      async () => (await heatingOf(first)) === 41 && (await heatingOf(second)) === 42,
      10_000,
    );
    for (const child of env.children) {
      await waitFor('the child online', async () => (await presenceOf(env.t, child.id)).connected, 10_000);
      expect(await presenceOf(env.t, child.id)).toMatchObject({
        status: 'ONLINE',
        connected: true,
        connection_id: `gateway:${env.gateway.code}`,
        offline_code: null,
      });
    }
    await report(first, 43);
    await report(first, 44);
    await waitFor('the later reports stored', async () => (await heatingOf(first)) === 44, 10_000);
    expect(await historyOf(env.t, first.id)).toEqual(['on:200']);
    const raw = await env.t.db
      .selectFrom('raw_packets')
      .select(['device_id', 'refusal'])
      .where('device_id', 'in', [env.gateway.id, first.id])
      .execute();
    expect(raw).toEqual(Array.from({ length: 3 }, () => ({ device_id: first.id, refusal: null })));
    expect(await currentValues(env.t.db, env.gateway.id)).toEqual(new Map());
  });

  it('refuses and counts (6401) a frame and a status message for a device that is not its child', async () => {
    await report(env.stranger, 30);
    await say('online', env.stranger);
    await waitFor(
      'the refusal counted',
      async () => {
        const row = await env.t.db
          .selectFrom('ingest_refusals')
          .select('count')
          .where('device_code', '=', env.gateway.code)
          .where('reason', '=', 'ingest.topologyMissing')
          .executeTakeFirst();
        return Number(row?.count) === 1;
      },
      10_000,
    );
    // A later report of a child is stored: the gateway's earlier messages were handled by then.
    await report(env.children[0], 45);
    await waitFor('a later report stored', async () => (await heatingOf(env.children[0])) === 45, 10_000);
    if (env.t.deviceSide.mqttPort !== null)
      await waitFor(
        'the status message counted',
        () => env.t.deviceSide.counters.ofDevice(env.gateway.code)['6401'] === 1,
      );
    expect(await currentValues(env.t.db, env.stranger.id)).toEqual(new Map());
    expect(await presenceOf(env.t, env.stranger.id)).toMatchObject({ connected: false });
    expect(await historyOf(env.t, env.stranger.id)).toEqual([]);
  });

  it("sends a child's command down the gateway's topic, and the reply the gateway sends up completes the call", async () => {
    const [first] = env.children;
    const answer = await setHeating(first, 47);
    expect(answer.body).toMatchObject({
      error_code: 0,
      objectResult: { outcome: 'applied', statusName: 'accepted', values: [{ address: HEATING, value: 47 }] },
    });
    expect(env.commands.at(-1)).toEqual({ topic: deviceTopic(env.gateway.code, 'down'), deviceCode: first.code });
  });

  it('takes a child offline with 1913 when the gateway says its link is lost, and leaves the other online', async () => {
    const [first, second] = env.children;
    await say('linkLost', first);
    await waitFor('the child offline', async () => !(await presenceOf(env.t, first.id)).connected, 10_000);
    expect(await presenceOf(env.t, first.id)).toMatchObject({ status: 'OFFLINE', offline_code: 1913 });
    expect(await presenceOf(env.t, second.id)).toMatchObject({ status: 'ONLINE', connected: true });
    expect((await setHeating(first, 40)).body.error_code).toBe(ErrorCode.DEVICE_OFFLINE);
    await report(first, 46);
    await waitFor(
      'the child back online with its next report',
      async () => (await presenceOf(env.t, first.id)).connected,
      10_000,
    );
    expect(await historyOf(env.t, first.id)).toEqual(['on:200', 'off:1913', 'on:200']);
  });

  it("takes a child offline with 520 when the gateway reports an error in the child's session", async () => {
    const [, second] = env.children;
    await say('sessionError', second);
    await waitFor('the child offline', async () => !(await presenceOf(env.t, second.id)).connected, 10_000);
    expect(await presenceOf(env.t, second.id)).toMatchObject({ status: 'OFFLINE', offline_code: 520 });
    await say('online', second);
    await waitFor('the child online again', async () => (await presenceOf(env.t, second.id)).connected, 10_000);
    expect(await historyOf(env.t, second.id)).toEqual(['on:200', 'off:520', 'on:200']);
  });

  it('takes every child offline with 1913 when the gateway connection breaks, and refuses their commands as offline', async () => {
    env.client.stream.destroy();
    for (const child of env.children)
      await waitFor('the child offline', async () => !(await presenceOf(env.t, child.id)).connected, 15_000);
    expect(await presenceOf(env.t, env.gateway.id)).toMatchObject({ status: 'OFFLINE', offline_code: 1911 });
    for (const child of env.children) {
      expect(await presenceOf(env.t, child.id)).toMatchObject({ status: 'OFFLINE', offline_code: 1913 });
      expect((await setHeating(child, 40)).body.error_code).toBe(ErrorCode.DEVICE_OFFLINE);
    }
  });
});
