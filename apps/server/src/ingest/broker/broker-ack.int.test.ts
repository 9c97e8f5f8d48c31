import { Aedes } from 'aedes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  connectDevice,
  historyOf,
  memorySink,
  newDemoDevice,
  startLinkApp,
  waitFor,
} from '../../../test/device-link.ts';
import type { TestApp } from '../../../test/harness.ts';
import { DeviceNotConnectedError } from './embedded-broker.ts';

const sink = memorySink();
const env = {} as { t: TestApp };
const downTraffic = async (deviceId: string) => {
  const rows = await env.t.db
    .selectFrom('device_traffic')
    .select(['packets_down', 'bytes_down'])
    .where('device_id', '=', deviceId)
    .execute();
  return {
    packets: rows.reduce((n, r) => n + Number(r.packets_down), 0),
    bytes: rows.reduce((n, r) => n + Number(r.bytes_down), 0),
  };
};

beforeAll(async () => {
  env.t = await startLinkApp({}, { sink });
});
afterAll(async () => env.t.close());

const storedOf = (code: string) => sink.stored.filter((m) => m.deviceCode === code).map((m) => m.payload.toString());

describe('QoS 1 reports on the embedded broker', () => {
  it('acknowledges a report only after the sink stored it', async () => {
    const device = await newDemoDevice(env.t);
    const client = await connectDevice(env.t, device);
    const release = sink.hold();
    let acked = false;
    let storedWhenAcked: string[] | null = null;
    const published = client.publishAsync(`dev/${device.code}/up`, 'report 1', { qos: 1 }).then(() => {
      acked = true;
      storedWhenAcked = storedOf(device.code);
    });
    await waitFor('the report held at the sink', () => sink.holding() === 1);
    expect(acked).toBe(false);
    expect(storedOf(device.code)).toEqual([]);
    release();
    await published;
    expect(storedOf(device.code)).toEqual(['report 1']);
    // The PUBACK came after the store, not merely after the test looked.
    expect(storedWhenAcked).toEqual(['report 1']);
    await client.endAsync();
  });

  it('does not acknowledge a report the sink could not store; the device redelivers it after reconnecting', async () => {
    const device = await newDemoDevice(env.t);
    const client = await connectDevice(env.t, device, { clean: false, reconnectPeriod: 200 });
    const recover = sink.fail();
    let acked = false;
    const published = client
      .publishAsync(`dev/${device.code}/up`, 'kept by the device', { qos: 1 })
      .then(() => (acked = true));
    await waitFor(
      'the failed store to be counted',
      () => (env.t.deviceSide.counters.ofDevice(device.code)['store-failed'] ?? 0) >= 1,
    );
    expect(acked).toBe(false);
    recover();
    await published;
    expect(storedOf(device.code)).toEqual(['kept by the device']);
    // The server closed the connection unacknowledged: to the device's history a broken link.
    await waitFor('the close recorded', async () => (await historyOf(env.t, device.id)).length >= 2);
    expect((await historyOf(env.t, device.id)).slice(0, 2)).toEqual(['on:200', 'off:1911']);
    // Logged once, through the refusal log: device, reason, count and the error's message, no stack trace.
    const lines = env.t.logs.filter((line) => line.includes(device.code));
    expect(lines.filter((line) => line.includes('store-failed'))).toHaveLength(1);
    expect(lines.find((line) => line.includes('store-failed'))).toContain('"count":1,"detail":"database away"');
    expect(lines.join('\n')).not.toContain('"stack"');
    await client.endAsync();
  });

  it('does not route a device report at all: no other client gets it, nothing is retained', async () => {
    const device = await newDemoDevice(env.t);
    const other = await newDemoDevice(env.t);
    const listener = await connectDevice(env.t, other);
    await listener.subscribeAsync(`dev/${other.code}/down`, { qos: 1 });
    const received: string[] = [];
    listener.on('message', (topic) => received.push(topic));
    const client = await connectDevice(env.t, device);
    const routing = vi.spyOn(Aedes.prototype, 'publish');
    try {
      await client.publishAsync(`dev/${device.code}/up`, 'report', { qos: 1, retain: true });
      await client.publishAsync(`dev/${device.code}/status`, 'online', { qos: 1 });
      // The server's own publish is routed (and seen here) after the device's were acknowledged: a
      // device publish handed to the routing, which Aedes does right after writing its PUBACK, would be seen by now.
      await env.t.deviceSide.downlink.send({ deviceId: other.id, deviceCode: other.code }, Buffer.from('ping'));
      await waitFor('the downlink received', () => received.length === 1);
      const routed = routing.mock.calls.map(([packet]) => packet.topic);
      expect(routed).toEqual([`dev/${other.code}/down`]);
    } finally {
      routing.mockRestore();
    }
    expect(received).toEqual([`dev/${other.code}/down`]);
    expect(storedOf(device.code)).toEqual(['report']);
    await Promise.all([client.endAsync(), listener.endAsync()]);
  });
});

describe('downlink on the embedded broker', () => {
  it("sends QoS 1 on the device's down topic to that device only", async () => {
    const device = await newDemoDevice(env.t);
    const bystander = await newDemoDevice(env.t);
    const client = await connectDevice(env.t, device);
    const other = await connectDevice(env.t, bystander);
    await client.subscribeAsync(`dev/${device.code}/down`, { qos: 1 });
    await other.subscribeAsync(`dev/${bystander.code}/down`, { qos: 1 });
    const seen: string[] = [];
    other.on('message', (topic) => seen.push(topic));
    const message = new Promise<{ topic: string; payload: string; qos: number }>((resolve) =>
      client.once('message', (topic, payload, packet) =>
        resolve({ topic, payload: payload.toString(), qos: packet.qos }),
      ),
    );
    await env.t.deviceSide.downlink.send({ deviceId: device.id, deviceCode: device.code }, Buffer.from('set 40'));
    expect(await message).toEqual({ topic: `dev/${device.code}/down`, payload: 'set 40', qos: 1 });
    expect(seen).toEqual([]);
    // Whatever goes down is in the device's traffic: the sender counts it, not each caller.
    expect(await downTraffic(device.id)).toEqual({ packets: 1, bytes: 6 });
    await Promise.all([client.endAsync(), other.endAsync()]);
  });

  it('rejects when the device is not connected to this server', async () => {
    const device = await newDemoDevice(env.t);
    await expect(
      env.t.deviceSide.downlink.send({ deviceId: device.id, deviceCode: device.code }, Buffer.from('x')),
    ).rejects.toBeInstanceOf(DeviceNotConnectedError);
    expect(await downTraffic(device.id)).toEqual({ packets: 0, bytes: 0 });
  });

  it("counts a child's message sent on its gateway's topic under the child", async () => {
    const gateway = await newDemoDevice(env.t);
    const child = await newDemoDevice(env.t);
    const client = await connectDevice(env.t, gateway);
    await client.subscribeAsync(`dev/${gateway.code}/down`, { qos: 1 });
    const message = new Promise<string>((resolve) => client.once('message', (topic) => resolve(topic)));
    await env.t.deviceSide.downlink.send(
      { deviceId: child.id, deviceCode: child.code, gatewayCode: gateway.code },
      Buffer.from('child set'),
    );
    expect(await message).toBe(`dev/${gateway.code}/down`);
    expect([await downTraffic(child.id), await downTraffic(gateway.id)]).toEqual([
      { packets: 1, bytes: 9 },
      { packets: 0, bytes: 0 },
    ]);
    await client.endAsync();
  });
});
