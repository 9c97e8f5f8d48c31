import { decodeFrame, deviceTopic } from '@dcc/protocol';
import type { Client } from 'aedes';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { heatPumpTable } from './heat-pump-model.ts';
import type { DeviceIdentity } from './identity.ts';
import { OVERSIZED_BYTES } from './misbehaviour.ts';
import { nextMessage, startTestBroker, until, type TestBroker } from './testing/test-broker.ts';
import { VirtualDevice, type VirtualDeviceOptions } from './virtual-device.ts';

const table = heatPumpTable();
const identity: DeviceIdentity = { code: 'HP2406A9101', secret: 'b'.repeat(64), kind: 'heatPump' };

let broker: TestBroker;
let cloud: MqttClient;
const devices: VirtualDevice[] = [];
const upTopic = deviceTopic(identity.code, 'up');

beforeAll(async () => {
  broker = await startTestBroker(new Map([[identity.code, identity.secret]]));
  cloud = await broker.cloud();
  await cloud.subscribeAsync('dev/+/up', { qos: 1 });
  await cloud.subscribeAsync('dev/+/status', { qos: 1 });
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.stop()));
  await until(() => broker.broker.connectedClients === 1);
  broker.signIns.length = 0;
});
afterAll(async () => {
  await broker.close();
});

function start(options: Partial<VirtualDeviceOptions>): VirtualDevice {
  const device = new VirtualDevice({
    url: broker.url,
    identity,
    seed: 'misbehave',
    reportIntervalMs: 100,
    reconnectPeriodMs: 100,
    ...options,
  });
  devices.push(device);
  device.start();
  return device;
}

/** Counts what the cloud receives on the device's up topic while `during` runs (it sees the list grow). */
async function collectUp(during: (seen: readonly Buffer[]) => Promise<void>): Promise<Buffer[]> {
  const seen: Buffer[] = [];
  const onMessage = (topic: string, payload: Buffer) => topic === upTopic && seen.push(payload);
  cloud.on('message', onMessage);
  try {
    await during(seen);
  } finally {
    cloud.off('message', onMessage);
  }
  return seen;
}

describe('misbehaving devices', () => {
  it('drop: destroys its socket without DISCONNECT, so the broker publishes its will, then reconnects', async () => {
    const will = nextMessage(cloud, deviceTopic(identity.code, 'status'), (p) => p.toString() === 'offline');
    const device = start({ misbehaviour: 'drop', dropAfterMs: 200 });
    await will;
    await until(() => device.stats.connects >= 2);
    expect(device.stats.closes).toBeGreaterThanOrEqual(1);
  });

  it('silentKeepalive: sends no PINGREQ, so the broker closes it after 1.5 x keepalive', async () => {
    const timedOut: string[] = [];
    const onTimeout = (client: Client) => timedOut.push(client.id);
    const pings: string[] = [];
    const onPing = (_p: unknown, client: Client) => pings.push(client.id);
    broker.broker.on('keepaliveTimeout', onTimeout);
    broker.broker.on('ping', onPing);
    try {
      const started = Date.now();
      const device = start({ misbehaviour: 'silentKeepalive', keepaliveSeconds: 1, reconnectPeriodMs: 60_000 });
      await until(() => timedOut.includes(identity.code), 5000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      expect(pings).not.toContain(identity.code);
      expect(device.stats.published).toBe(0);
    } finally {
      broker.broker.off('keepaliveTimeout', onTimeout);
      broker.broker.off('ping', onPing);
    }
  });

  it('a well-behaved device with the same short keepalive keeps its connection with pings', async () => {
    const pings: string[] = [];
    const onPing = (_p: unknown, client: Client) => pings.push(client.id);
    broker.broker.on('ping', onPing);
    try {
      const device = start({ keepaliveSeconds: 1, reportIntervalMs: 60_000, heartbeatIntervalMs: 60_000 });
      // Two pings a keepalive apart: past the 1.5 x keepalive after which the broker closes a silent client.
      await until(() => pings.filter((id) => id === identity.code).length >= 2);
      expect(pings).toContain(identity.code);
      expect(device.stats.connects).toBe(1);
      expect(device.connected).toBe(true);
    } finally {
      broker.broker.off('ping', onPing);
    }
  });

  it('badSignature: signs with a wrong secret and is refused 6287', async () => {
    const device = start({ misbehaviour: 'badSignature' });
    await until(() => broker.signIns.length >= 1 && device.stats.connectErrors >= 1);
    expect(broker.signIns[0]!.check).toEqual({ ok: false, code: 6287 });
    expect(device.stats.connects).toBe(0);
  });

  it('staleTimestamp: a correct signature a day old is refused 2043', async () => {
    const device = start({ misbehaviour: 'staleTimestamp' });
    await until(() => broker.signIns.length >= 1 && device.stats.connectErrors >= 1);
    expect(broker.signIns[0]!.check).toEqual({ ok: false, code: 2043 });
    expect(device.stats.connects).toBe(0);
  });

  it('duplicate: a second connection signs in with the same code and takes over', async () => {
    const device = start({ misbehaviour: 'duplicate' });
    await until(() => broker.signIns.filter((s) => s.check.ok && s.clientId === identity.code).length >= 2);
    await until(() => device.stats.closes >= 1);
    expect(device.stats.connects).toBeGreaterThanOrEqual(2);
  });

  it('malformed: publishes frames with a bad CRC, truncated frames and garbage', async () => {
    const errorsOf = (frames: readonly Buffer[]) =>
      frames.map((p) => decodeFrame(p, table)).flatMap((d) => (d.ok ? [] : [d.error.code]));
    const truncatedOf = (frames: readonly Buffer[], valid: readonly Buffer[]) =>
      frames.filter((p) => p[0] === 0xaa && p.length === Math.floor(valid[0]!.length / 2));
    const seen = await collectUp(async (frames) => {
      start({ misbehaviour: 'malformed' });
      // Until one of each came: a bad CRC, a bad head, a good report and one cut in half.
      await until(() => {
        const errors = errorsOf(frames);
        const valid = frames.filter((p) => decodeFrame(p, table).ok);
        return (
          errors.includes('frame.crcMismatch') &&
          errors.includes('frame.badHead') &&
          valid.length > 0 &&
          truncatedOf(frames, valid).length > 0
        );
      });
    });
    const errors = errorsOf(seen);
    expect(errors).toContain('frame.crcMismatch');
    expect(errors).toContain('frame.badHead');
    const valid = seen.filter((p) => decodeFrame(p, table).ok);
    expect(valid.length).toBeGreaterThan(0); // its good reports go on too
    const truncated = truncatedOf(seen, valid);
    expect(truncated.length).toBeGreaterThan(0);
    expect(truncated.every((p) => !decodeFrame(p, table).ok)).toBe(true);
  });

  it('oversized: publishes a 256 KiB payload', async () => {
    const big = nextMessage(cloud, upTopic, (p) => p.length === OVERSIZED_BYTES);
    start({ misbehaviour: 'oversized' });
    expect((await big).length).toBe(OVERSIZED_BYTES);
  });

  it('flood: publishes as fast as acknowledgements allow', async () => {
    const device = start({ misbehaviour: 'flood', reportIntervalMs: 60_000 });
    await until(() => device.connected);
    const before = device.stats.acked;
    // Reports every minute otherwise: 200 acknowledged reports come only from publishing on each acknowledgement.
    // How many a second is a figure of the machine: npm run bench:simulator-flood prints it.
    await until(() => device.stats.acked - before > 200, 10_000);
    expect(device.stats.acked - before).toBeGreaterThan(200);
  });

  it('reconnectLoop: closes right after each CONNACK and signs in again at once', async () => {
    const device = start({ misbehaviour: 'reconnectLoop' });
    // Five sign-ins in a row with nothing else to wait for: about a second on a quiet machine, longer under load.
    await until(() => broker.signIns.filter((s) => s.check.ok).length >= 5 && device.stats.connects >= 5, 10_000);
  });
});
