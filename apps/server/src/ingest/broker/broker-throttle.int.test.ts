import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, memorySink, newDemoDevice, startLinkApp, waitFor } from '../../../test/device-link.ts';
import type { TestApp } from '../../../test/harness.ts';

const sink = memorySink();
const env = {} as { t: TestApp };
const BURST = 10;

beforeAll(async () => {
  env.t = await startLinkApp(
    { publishesPerSecond: 5, publishBurst: BURST, connectsPerMinute: 3, reconnectCooldownMs: 60_000 },
    { sink },
  );
});
afterAll(async () => env.t.close());

const storedOf = (code: string) => sink.stored.filter((m) => m.deviceCode === code).length;
const countsOf = (code: string) => env.t.deviceSide.counters.ofDevice(code);

describe('throttling on the embedded broker', () => {
  it("drops a flooding device's excess (counted, QoS 1 excess unacknowledged) while another device's reports are all stored", async () => {
    const flooder = await newDemoDevice(env.t);
    const neighbour = await newDemoDevice(env.t);
    const flood = await connectDevice(env.t, flooder);
    const calm = await connectDevice(env.t, neighbour);
    let acked = 0;
    for (let i = 0; i < 2000; i += 1) flood.publish(`dev/${flooder.code}/up`, `flood ${i}`, { qos: 0 });
    for (let i = 0; i < 20; i += 1)
      flood.publish(`dev/${flooder.code}/up`, `flood qos1 ${i}`, { qos: 1 }, (error) =>
        error ? undefined : (acked += 1),
      );
    for (let i = 0; i < 5; i += 1) await calm.publishAsync(`dev/${neighbour.code}/up`, `report ${i}`, { qos: 1 });
    await waitFor(
      'the flood to be processed',
      () => (countsOf(flooder.code)['publish-throttled'] ?? 0) + storedOf(flooder.code) === 2020,
      10_000,
    );
    expect(storedOf(neighbour.code)).toBe(5);
    // The burst, plus what the rate refilled while the flood was read.
    expect(storedOf(flooder.code)).toBeGreaterThanOrEqual(BURST);
    expect(storedOf(flooder.code)).toBeLessThan(BURST + 40);
    expect(acked).toBeLessThan(20);
    expect(countsOf(neighbour.code)).toEqual({});
    flood.end(true);
    await calm.endAsync();
  });

  it("throttles a flood on the status topic (a gateway's words about children) like one of reports", async () => {
    const flooder = await newDemoDevice(env.t);
    const flood = await connectDevice(env.t, flooder);
    for (let i = 0; i < 500; i += 1)
      flood.publish(`dev/${flooder.code}/status`, `child-online NOT-A-CHILD-${i}`, { qos: 0 });
    await waitFor(
      'the status flood to be throttled',
      () => (countsOf(flooder.code)['publish-throttled'] ?? 0) >= 400,
      10_000,
    );
    expect(countsOf(flooder.code)['publish-throttled']).toBeLessThanOrEqual(500 - BURST);
    flood.end(true);
  });

  it('refuses a client id reconnecting in a loop for the cool-down ("server unavailable"), not the other devices', async () => {
    const looper = await newDemoDevice(env.t);
    const other = await newDemoDevice(env.t);
    for (let i = 0; i < 3; i += 1) await (await connectDevice(env.t, looper)).endAsync();
    await expect(connectDevice(env.t, looper)).rejects.toMatchObject({ code: 3 });
    await expect(connectDevice(env.t, looper)).rejects.toMatchObject({ code: 3 });
    expect(countsOf(looper.code)).toEqual({ 'reconnect-loop': 2 });
    const fine = await connectDevice(env.t, other);
    expect(fine.connected).toBe(true);
    await fine.endAsync();
  });
});
