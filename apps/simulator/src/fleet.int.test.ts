import { payloadDeviceCode } from '@dcc/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulatedFleet } from './fleet.ts';
import { madeUpFleet } from './fleet-list.ts';
import { reportingDevices, startTestBroker, until, type TestBroker } from './testing/test-broker.ts';

const devices = madeUpFleet(12, 'fleet-test');
let broker: TestBroker;

beforeAll(async () => {
  broker = await startTestBroker(new Map(devices.map((d) => [d.code, d.secret])));
});
afterAll(async () => {
  await broker.close();
});

it('a fleet ramps up at its connect rate, signs every device in and counts what it published and what was acknowledged', async () => {
  const reporters = await reportingDevices(await broker.cloud());
  const connectedAt: number[] = [];
  broker.broker.on('clientReady', (client) => client.id !== 'test-cloud' && connectedAt.push(Date.now()));
  const fleet = startSimulatedFleet({ url: broker.url, devices, connectRatePerSecond: 20, reportIntervalMs: 60_000 });
  try {
    await until(() => fleet.stats.connected === devices.length, 5000);
    // 12 devices at 20 per second: the last one starts about 550 ms after the first.
    expect(Math.max(...connectedAt) - Math.min(...connectedAt)).toBeGreaterThanOrEqual(400);
    expect(broker.signIns.every((s) => s.check.ok)).toBe(true);
    await until(() => reporters.size === devices.length);
    await until(() => fleet.stats.acked === fleet.stats.published);
    expect(fleet.stats.published).toBeGreaterThanOrEqual(devices.length);
    expect(fleet.stats.connects).toBe(devices.length);
  } finally {
    await fleet.stop();
  }
  expect(fleet.stats.connected).toBe(0);
});

it('runs an entry with children as a gateway that reports for each child on its own topic', async () => {
  const [gateway] = madeUpFleet(1, 'fleet-gateway-test', 'GW');
  const gatewayDevice = {
    ...gateway!,
    children: [
      { code: 'GWCHILD01', kind: 'heatPump' as const },
      { code: 'GWCHILD02', kind: 'waterHeater' as const },
    ],
  };
  const own = await startTestBroker(new Map([[gateway!.code, gateway!.secret]]));
  const cloud = await own.cloud();
  const reportedFor = new Set<string>();
  cloud.on(
    'message',
    (topic, payload) => topic === `dev/${gateway!.code}/up` && reportedFor.add(payloadDeviceCode(payload) ?? topic),
  );
  await cloud.subscribeAsync('dev/+/up', { qos: 1 });
  const fleet = startSimulatedFleet({ url: own.url, devices: [gatewayDevice], reportIntervalMs: 60_000 });
  try {
    await until(() => reportedFor.size === 2);
    expect([...reportedFor].sort()).toEqual(['GWCHILD01', 'GWCHILD02']);
    expect(fleet.gateways.map((g) => g.code)).toEqual([gateway!.code]);
    expect(fleet.devices).toEqual([]);
  } finally {
    await fleet.stop();
    await own.close();
  }
});
