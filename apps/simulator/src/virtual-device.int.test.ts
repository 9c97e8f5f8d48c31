import {
  decodeFrame,
  deviceTopic,
  encodeControl,
  encodeReadRequest,
  encodeSetCommand,
  buildServiceCall,
  parseAlinkReply,
  parseAlinkRequest,
  type DecodedFrame,
} from '@dcc/protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { heatPumpTable } from './heat-pump-model.ts';
import { HP } from './heat-pump-physics.ts';
import type { DeviceIdentity } from './identity.ts';
import { nextMessage, startTestBroker, until, type TestBroker } from './testing/test-broker.ts';
import { VirtualDevice, type VirtualDeviceOptions } from './virtual-device.ts';

const table = heatPumpTable();
const pump: DeviceIdentity = { code: 'HP2406A9001', secret: 's'.repeat(64), kind: 'heatPump' };
const heater: DeviceIdentity = { code: 'WH2406X9001', secret: 'w'.repeat(64), kind: 'waterHeater' };

let broker: TestBroker;
let cloud: MqttClient;
const devices: VirtualDevice[] = [];

beforeAll(async () => {
  broker = await startTestBroker(new Map([pump, heater].map((d) => [d.code, d.secret])));
  cloud = await broker.cloud();
  await cloud.subscribeAsync('dev/+/up', { qos: 1 });
  await cloud.subscribeAsync('dev/+/status', { qos: 1 });
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.stop()));
});
afterAll(async () => {
  await broker.close();
});

async function startDevice(
  identity: DeviceIdentity,
  options: Partial<VirtualDeviceOptions> = {},
): Promise<VirtualDevice> {
  const device = new VirtualDevice({
    url: broker.url,
    identity,
    seed: 'int-test',
    reportIntervalMs: 60_000,
    ...options,
  });
  devices.push(device);
  const connected = new Promise((resolve) => device.once('connect', resolve));
  device.start();
  await connected;
  await until(() => broker.broker.connectedClients >= 2);
  return device;
}

/** Sends a frame on the device's down topic and answers the first decoded frame from it that passes `accept`. */
async function command(code: string, bytes: Uint8Array, accept: (f: DecodedFrame) => boolean): Promise<DecodedFrame> {
  const answer = nextMessage(cloud, deviceTopic(code, 'up'), (payload) => {
    const d = decodeFrame(payload, table);
    return d.ok && accept(d.frame);
  });
  await cloud.publishAsync(deviceTopic(code, 'down'), Buffer.from(bytes), { qos: 1 });
  const d = decodeFrame(await answer, table);
  if (!d.ok) throw new Error(d.error.message);
  return d.frame;
}

const frameOf = (r: { ok: true; bytes: Uint8Array } | { ok: false; error: { message: string } }) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.bytes;
};
const valueOf = (f: DecodedFrame, address: number) => f.points.find((p) => p.address === address)?.value;

describe('a virtual heat pump over a real broker', () => {
  it('signs its CONNECT with its secret and reports plausible values the cloud decodes', async () => {
    const report = nextMessage(cloud, deviceTopic(pump.code, 'up'), (p) => {
      const d = decodeFrame(p, table);
      return d.ok && d.frame.function === 'report';
    });
    await startDevice(pump);
    expect(broker.signIns.filter((s) => s.clientId === pump.code).at(-1)!.check).toEqual({
      ok: true,
      deviceCode: pump.code,
    });
    const d = decodeFrame(await report, table);
    expect(d.ok).toBe(true);
    const frame = (d as { ok: true; frame: DecodedFrame }).frame;
    expect(frame.deviceCode).toBe(pump.code);
    expect(frame.points.map((p) => p.address).sort((a, b) => a - b)).toEqual(
      table.points.map((p) => p.address).sort((a, b) => a - b),
    );
    for (const a of [HP.tIn, HP.tOut, HP.tTank]) {
      expect(valueOf(frame, a)!).toBeGreaterThan(-20);
      expect(valueOf(frame, a)!).toBeLessThan(85);
    }
    expect(valueOf(frame, HP.kwh)!).toBeGreaterThan(0);
    expect(valueOf(frame, HP.setHot)).toBe(55);
  });

  it('sends heartbeats with signal strength and mainboard link', async () => {
    const beat = nextMessage(cloud, deviceTopic(pump.code, 'up'), (p) => {
      const d = decodeFrame(p, table);
      return d.ok && d.frame.function === 'heartbeat';
    });
    await startDevice(pump);
    const d = decodeFrame(await beat, table);
    const hb = (d as { ok: true; frame: DecodedFrame }).frame.heartbeat!;
    expect(hb.rssi).toBeLessThanOrEqual(-40);
    expect(hb.rssi).toBeGreaterThanOrEqual(-105);
    expect(typeof hb.mainboardLink).toBe('boolean');
  });

  it('applies a set command, replies with the same seq, and the next report shows the new value', async () => {
    const device = await startDevice(pump);
    const reply = await command(
      pump.code,
      frameOf(
        encodeSetCommand(pump.code, [{ address: HP.setHot, value: 58 }], table, {
          seq: 4242,
          current: new Map([[HP.maxSet, 60]]),
        }),
      ),
      (f) => f.function === 'setReply',
    );
    expect(reply.seq).toBe(4242);
    expect(reply.statusName).toBe('accepted');
    expect(valueOf(reply, HP.setHot)).toBe(58);
    const next = nextMessage(cloud, deviceTopic(pump.code, 'up'), (p) => {
      const d = decodeFrame(p, table);
      return d.ok && d.frame.function === 'report';
    });
    device.report();
    const report = decodeFrame(await next, table);
    expect(valueOf((report as { ok: true; frame: DecodedFrame }).frame, HP.setHot)).toBe(58);
  });

  it('refuses a value above the range ($21$ maxSet) with illegalValue and keeps the old one', async () => {
    await startDevice(pump);
    // Encoded without the current maxSet, so the cloud side lets it through; the DTU checks against its own.
    const bytes = frameOf(
      encodeSetCommand(pump.code, [{ address: HP.setHot, value: 70 }], table, {
        seq: 7,
        current: new Map([[HP.maxSet, 80]]),
      }),
    );
    const reply = await command(pump.code, bytes, (f) => f.function === 'setReply');
    expect(reply.seq).toBe(7);
    expect(reply.statusName).toBe('illegalValue');
    const read = await command(
      pump.code,
      frameOf(encodeReadRequest(pump.code, [HP.setHot], { seq: 8 })),
      (f) => f.function === 'report' && f.seq === 8,
    );
    expect(valueOf(read, HP.setHot)).toBe(55);
  });

  it('answers a read request with a report of the asked points and the same seq', async () => {
    await startDevice(pump);
    const report = await command(
      pump.code,
      frameOf(encodeReadRequest(pump.code, [HP.setHot, HP.kwh], { seq: 77 })),
      (f) => f.function === 'report' && f.seq === 77,
    );
    expect(report.points.map((p) => p.address)).toEqual([HP.setHot, HP.kwh]);
    expect(valueOf(report, HP.kwh)!).toBeGreaterThan(0);
  });

  it('a locked device refuses set commands with status locked until unlocked', async () => {
    await startDevice(pump);
    const locked = await command(
      pump.code,
      frameOf(encodeControl(pump.code, 'lock', { seq: 30 })),
      (f) => f.function === 'controlReply',
    );
    expect([locked.seq, locked.statusName, locked.actionName]).toEqual([30, 'accepted', 'lock']);
    const refused = await command(
      pump.code,
      frameOf(encodeSetCommand(pump.code, [{ address: HP.power, value: 0 }], table, { seq: 31 })),
      (f) => f.function === 'setReply',
    );
    expect([refused.seq, refused.statusName]).toEqual([31, 'locked']);
    const unlocked = await command(
      pump.code,
      frameOf(encodeControl(pump.code, 'unlock', { seq: 32 })),
      (f) => f.function === 'controlReply',
    );
    expect([unlocked.seq, unlocked.statusName, unlocked.actionName]).toEqual([32, 'accepted', 'unlock']);
    const accepted = await command(
      pump.code,
      frameOf(encodeSetCommand(pump.code, [{ address: HP.power, value: 0 }], table, { seq: 33 })),
      (f) => f.function === 'setReply',
    );
    expect([accepted.seq, accepted.statusName]).toEqual([33, 'accepted']);
  });

  it('activates, or refuses activation with illegalValue when told to fail', async () => {
    const ok = await startDevice(pump);
    const activated = await command(
      pump.code,
      frameOf(encodeControl(pump.code, 'activate', { seq: 40 })),
      (f) => f.function === 'controlReply',
    );
    expect([activated.seq, activated.statusName, activated.actionName]).toEqual([40, 'accepted', 'activate']);
    await ok.stop();
    await until(() => broker.broker.connectedClients === 1);
    await startDevice(pump, { failActivation: true });
    const refused = await command(
      pump.code,
      frameOf(encodeControl(pump.code, 'activate', { seq: 41 })),
      (f) => f.function === 'controlReply',
    );
    expect([refused.seq, refused.statusName, refused.actionName]).toEqual([41, 'illegalValue', 'activate']);
  });

  it('ignores a frame for another device and garbage on its down topic, and keeps working', async () => {
    const device = await startDevice(pump);
    await cloud.publishAsync(
      deviceTopic(pump.code, 'down'),
      Buffer.from(frameOf(encodeReadRequest('HP2406A0002', [HP.setHot], { seq: 1 }))),
      { qos: 1 },
    );
    await cloud.publishAsync(deviceTopic(pump.code, 'down'), Buffer.from('not a frame'), { qos: 1 });
    await until(() => device.stats.commandsIgnored === 2);
    const report = await command(
      pump.code,
      frameOf(encodeReadRequest(pump.code, [HP.power], { seq: 9 })),
      (f) => f.function === 'report' && f.seq === 9,
    );
    expect(valueOf(report, HP.power)).toBe(1);
  });
});

describe('a virtual water heater (thing model, Alink JSON)', () => {
  const alinkFrom = (code: string, accept: (o: Record<string, unknown>) => boolean) =>
    nextMessage(cloud, deviceTopic(code, 'up'), (p) => {
      try {
        return accept(JSON.parse(p.toString('utf8')) as Record<string, unknown>);
      } catch {
        return false;
      }
    });

  it('posts its properties', async () => {
    const post = alinkFrom(heater.code, (o) => o.method === 'thing.event.property.post');
    await startDevice(heater);
    const parsed = parseAlinkRequest(await post);
    expect(parsed.ok).toBe(true);
    const message = (parsed as { ok: true; message: { kind: string; properties: Record<string, { value: unknown }> } })
      .message;
    expect(message.kind).toBe('propertyPost');
    expect(Object.keys(message.properties).sort()).toEqual([
      'PowerSwitch',
      'TankTemperature',
      'TargetTemperature',
      'WorkMode',
    ]);
    expect(message.properties.TankTemperature!.value).toBeGreaterThan(-20);
  });

  it('answers thing.service.property.set with the same id: 200 when valid, 460 when out of range', async () => {
    const device = await startDevice(heater);
    const ok = alinkFrom(heater.code, (o) => o.id === '501');
    await cloud.publishAsync(
      deviceTopic(heater.code, 'down'),
      JSON.stringify(buildServiceCall('501', 'property.set', { TargetTemperature: 60 })),
      { qos: 1 },
    );
    const reply = parseAlinkReply(await ok);
    expect(reply.ok && [reply.reply.code, reply.reply.method]).toEqual([200, 'thing.service.property.set']);
    const bad = alinkFrom(heater.code, (o) => o.id === '502');
    await cloud.publishAsync(
      deviceTopic(heater.code, 'down'),
      JSON.stringify(buildServiceCall('502', 'property.set', { TargetTemperature: 99 })),
      { qos: 1 },
    );
    const refused = parseAlinkReply(await bad);
    expect(refused.ok && refused.reply.code).toBe(460);
    const post = alinkFrom(heater.code, (o) => o.method === 'thing.event.property.post');
    device.report();
    const parsed = parseAlinkRequest(await post);
    expect(
      parsed.ok && parsed.message.kind === 'propertyPost' && parsed.message.properties.TargetTemperature!.value,
    ).toBe(60);
  });
});
