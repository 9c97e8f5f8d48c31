import net from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brokerUrl,
  connectDevice,
  deviceOptions,
  memorySink,
  newDemoDevice,
  startLinkApp,
  waitFor,
} from '../../../test/device-link.ts';
import type { TestApp } from '../../../test/harness.ts';
import { startTestApp } from '../../../test/harness.ts';
import { loadLinkConfig } from '../../link-config.ts';
import { NO_BROKER_MESSAGE } from '../downlink/downlink.ts';

const sink = memorySink();
const env = {} as { t: TestApp };
/** The defaults: MQTT_MAX_PAYLOAD_BYTES and a packet cap of 4 times it (a packet at the cap spans several socket reads). */
const MAX_PAYLOAD = 64 * 1024;
const MAX_PACKET = 4 * MAX_PAYLOAD;
/** The payload of a QoS 1 PUBLISH on `topic` whose remaining length (MQTT fixed header) is `remaining` bytes: topic length, topic, message id, payload. */
const payloadForPacketOf = (topic: string, remaining: number) => remaining - 2 - Buffer.byteLength(topic) - 2;

beforeAll(async () => {
  env.t = await startLinkApp({ maxPayloadBytes: MAX_PAYLOAD, maxPacketBytes: MAX_PACKET }, { sink });
});
afterAll(async () => env.t.close());

/** The CONNACK return code of a refused CONNECT. */
async function refusedWith(options: mqtt.IClientOptions): Promise<number | undefined> {
  const error = await mqtt
    .connectAsync(brokerUrl(env.t), { reconnectPeriod: 0, connectTimeout: 5000, ...options })
    .then(
      async (client) => {
        await client.endAsync();
        return null;
      },
      (e: unknown) => e as { code?: number },
    );
  return error?.code;
}

describe('the embedded broker', () => {
  it('listens on a free port with MQTT_PORT=0 and accepts a signed-in device', async () => {
    expect(env.t.deviceSide.mqttPort).toBeGreaterThan(0);
    const device = await newDemoDevice(env.t);
    const client = await connectDevice(env.t, device);
    expect(client.connected).toBe(true);
    await client.endAsync();
  });

  it('fails the server start with a message naming the taken port and MQTT_PORT', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      await expect(
        startTestApp(
          { link: { ...loadLinkConfig({ MQTT_PORT: String(port) }), mqttHost: '127.0.0.1' } },
          { sink: sink.factory },
        ),
      ).rejects.toThrow(`MQTT port ${port} is taken (another broker?): set MQTT_PORT to a free port`);
    } finally {
      holder.close();
    }
  });

  it('says so and listens on a free port when the default port is taken and MQTT_PORT was not set', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const t = await startTestApp(
        { link: { ...loadLinkConfig({}), mqttPort: port, mqttPortFallback: true, mqttHost: '127.0.0.1' } },
        { sink: sink.factory },
      );
      try {
        expect(t.deviceSide.mqttPort).not.toBe(port);
        expect(t.deviceSide.mqttPort).toBeGreaterThan(0);
        expect(t.logs.join('')).toContain(
          `MQTT port ${port} is taken (another broker?): the embedded broker listens on port ${t.deviceSide.mqttPort} instead; set MQTT_PORT`,
        );
      } finally {
        await t.close();
      }
    } finally {
      holder.close();
    }
  });

  it('starts no broker with MQTT_PORT=off or with MQTT_URL (an external broker)', async () => {
    const off = await startTestApp();
    const external = await startTestApp(
      { link: { ...loadLinkConfig({}), mqttPort: 0, mqttUrl: 'mqtt://127.0.0.1:1883' } },
      { sink: sink.factory },
    );
    try {
      expect(off.deviceSide.mqttPort).toBeNull();
      expect(external.deviceSide.mqttPort).toBeNull();
      await expect(
        off.deviceSide.downlink.send({ deviceId: '0', deviceCode: 'DEV-x' }, Buffer.from('x')),
      ).rejects.toThrow(NO_BROKER_MESSAGE);
    } finally {
      await off.close();
      await external.close();
    }
  });
});

describe('device sign-in on the embedded broker', () => {
  const counted = (code: string) => env.t.deviceSide.counters.ofDevice(code);

  it('refuses a bad signature (6287) with "bad username or password" and counts it', async () => {
    const device = await newDemoDevice(env.t);
    expect(await refusedWith(deviceOptions({ ...device, secret: 'not-the-secret' }))).toBe(4);
    expect(counted(device.code)).toEqual({ 6287: 1 });
  });

  it('refuses credentials that are not in the signed form (401)', async () => {
    const device = await newDemoDevice(env.t);
    expect(await refusedWith({ clientId: device.code, username: device.code, password: device.secret })).toBe(4);
    expect(await refusedWith({ clientId: device.code })).toBe(4);
    expect(counted(device.code)).toEqual({ 401: 2 });
  });

  it('refuses a signature older than the window (2043)', async () => {
    const device = await newDemoDevice(env.t);
    expect(await refusedWith(deviceOptions(device, {}, Date.now() - 11 * 60_000))).toBe(4);
    expect(counted(device.code)).toEqual({ 2043: 1 });
  });

  it('refuses an unknown device (6100), and a deleted one the same way', async () => {
    const device = await newDemoDevice(env.t);
    await env.t.db.deleteFrom('devices').where('id', '=', device.id).execute();
    expect(await refusedWith(deviceOptions(device))).toBe(4);
    expect(await refusedWith(deviceOptions({ ...device, code: 'NEVER-REGISTERED-1' }))).toBe(4);
    expect(counted(device.code)).toEqual({ 6100: 1 });
    expect(counted('NEVER-REGISTERED-1')).toEqual({ 6100: 1 });
  });

  it('refuses a disabled device with "not authorized" (522), only once its signature is right', async () => {
    const device = await newDemoDevice(env.t);
    await env.t.db.updateTable('devices').set({ disabled: true }).where('id', '=', device.id).execute();
    expect(await refusedWith(deviceOptions(device))).toBe(5);
    expect(await refusedWith(deviceOptions({ ...device, secret: 'wrong' }))).toBe(4);
    expect(counted(device.code)).toEqual({ 522: 1, 6287: 1 });
  });
});

describe('device topics on the embedded broker (ACL)', () => {
  it("gives a failure return code to a SUBSCRIBE of #, + or another device's topic, and grants the own down topic", async () => {
    const device = await newDemoDevice(env.t);
    const client = await connectDevice(env.t, device);
    const topics = ['#', 'dev/+/down', `dev/${device.code}/+`, 'dev/OTHER-DEVICE/down', `dev/${device.code}/down`];
    // mqtt.js rejects a SUBACK holding a failure; the granted codes are in the packet it carries.
    const suback = await client.subscribeAsync(topics, { qos: 1 }).then(
      () => null,
      (error: { packet?: { granted: number[] } }) => error.packet,
    );
    expect(suback?.granted).toEqual([128, 128, 128, 128, 1]);
    expect(env.t.deviceSide.counters.ofDevice(device.code)).toEqual({ 'subscribe-forbidden': 4 });
    await client.endAsync();
  });

  it("drops a PUBLISH on another device's topic: not delivered, not stored, not acknowledged, counted", async () => {
    const victim = await newDemoDevice(env.t);
    const intruder = await newDemoDevice(env.t);
    const victimClient = await connectDevice(env.t, victim);
    await victimClient.subscribeAsync(`dev/${victim.code}/down`, { qos: 1 });
    const received: string[] = [];
    victimClient.on('message', (_topic, payload) => received.push(payload.toString()));
    const intruderClient = await connectDevice(env.t, intruder);
    let acked = false;
    intruderClient.publish(`dev/${victim.code}/down`, 'forged command', { qos: 1 }, () => (acked = true));
    intruderClient.publish(`dev/${victim.code}/up`, 'forged report', { qos: 0 });
    await waitFor(
      'the refusals to be counted',
      () => env.t.deviceSide.counters.ofDevice(intruder.code)['publish-forbidden'] === 2,
    );
    // The connection stays usable: its own report is stored after the forged ones.
    await intruderClient.publishAsync(`dev/${intruder.code}/up`, 'own report', { qos: 1 });
    expect(
      sink.stored
        .filter((m) => [victim.code, intruder.code].includes(m.deviceCode))
        .map((m) => `${m.deviceCode}:${m.payload.toString()}`),
    ).toEqual([`${intruder.code}:own report`]);
    expect(acked).toBe(false);
    expect(received).toEqual([]);
    await intruderClient.endAsync(true);
    await victimClient.endAsync();
  });

  it('stores a payload at the limit; drops and counts one over it (no PUBACK), keeping the connection, up to a packet at the hard cap', async () => {
    const device = await newDemoDevice(env.t);
    const client = await connectDevice(env.t, device);
    const topic = `dev/${device.code}/up`;
    // PUBACKs as they arrive on the wire (mqtt.js keeps an unacknowledged message for redelivery).
    let pubacks = 0;
    client.on('packetreceive', (packet) => (pubacks += packet.cmd === 'puback' ? 1 : 0));
    const storedSizes = () => sink.stored.filter((m) => m.deviceCode === device.code).map((m) => m.payload.length);
    const send = (payloadBytes: number) => client.publish(topic, Buffer.alloc(payloadBytes), { qos: 1 });
    const dropped = async (payloadBytes: number, count: number) => {
      send(payloadBytes);
      await waitFor(
        `payload of ${payloadBytes} bytes counted`,
        () => env.t.deviceSide.counters.ofDevice(device.code)['payload-too-large'] === count,
      );
    };
    send(MAX_PAYLOAD);
    await waitFor('the report at the limit acknowledged', () => pubacks === 1);
    await dropped(MAX_PAYLOAD + 1, 1);
    await dropped(Math.ceil(1.07 * MAX_PAYLOAD), 2);
    await dropped(payloadForPacketOf(topic, MAX_PACKET), 3);
    // Still connected: the next report at the limit is stored and acknowledged.
    send(MAX_PAYLOAD);
    await waitFor('the second report at the limit acknowledged', () => pubacks === 2);
    expect(storedSizes()).toEqual([MAX_PAYLOAD, MAX_PAYLOAD]);
    expect(client.connected).toBe(true);
    await client.endAsync(true);
  });

  it('closes a connection whose packet announces one byte over the hard cap, without buffering it', async () => {
    const device = await newDemoDevice(env.t);
    const client = await connectDevice(env.t, device);
    const topic = `dev/${device.code}/up`;
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(topic, Buffer.alloc(payloadForPacketOf(topic, MAX_PACKET + 1)), { qos: 1 });
    await closed;
    expect(env.t.deviceSide.counters.ofDevice(device.code)['payload-too-large']).toBe(1);
    expect(sink.stored.filter((m) => m.deviceCode === device.code)).toEqual([]);
    await client.endAsync(true);
  });
});
