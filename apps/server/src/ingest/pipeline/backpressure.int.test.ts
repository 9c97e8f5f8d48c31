import { sql, type Kysely } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_MODES } from '../../../test/broker-modes.ts';
import { deviceOptions, newDemoDevice, waitFor, type TestDevice } from '../../../test/device-link.ts';
import { newDealer } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { demoReport } from '../../../test/ingest-setup.ts';
import type { DB } from '../../db/schema.ts';
import { loadIngestConfig } from '../../ingest-config.ts';

/**
 * A full ingest queue makes the server stop reading devices, never refuse or disconnect them (issue 18
 * item 8). The store is blocked for real: the test holds an exclusive lock on raw_packets (on PGlite
 * its transaction holds the one connection), the server's own pipeline queues behind it.
 */
const HIGH_WATER = 2;

/** Holds an exclusive lock on raw_packets until the returned function is called: every ingest write waits. */
async function blockStorage(db: Kysely<DB>): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const held = db.transaction().execute(async (trx) => {
    await sql`lock table raw_packets in exclusive mode`.execute(trx);
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await held;
  };
}

/** A device connection that records the PUBACKs it received. */
interface Publisher {
  device: TestDevice;
  client: MqttClient;
  pubacks: number;
  sent: number;
  publish(count: number): void;
}

async function publisher(url: string, device: TestDevice): Promise<Publisher> {
  const client = await mqtt.connectAsync(url, deviceOptions(device, { clientId: device.code }));
  const me: Publisher = {
    device,
    client,
    pubacks: 0,
    sent: 0,
    publish(count) {
      for (let n = 0; n < count; n += 1) {
        me.sent += 1;
        client.publish(`dev/${device.code}/up`, demoReport(device.code, me.sent), { qos: 1 });
      }
    },
  };
  client.on('packetreceive', (packet) => (me.pubacks += packet.cmd === 'puback' ? 1 : 0));
  return me;
}

/** The sequence numbers stored per device, sorted: a duplicate or a gap shows. */
const storedSeqs = async (db: Kysely<DB>, device: TestDevice): Promise<number[]> =>
  (
    await db
      .selectFrom('raw_packets as r')
      .innerJoin('devices as d', 'd.id', 'r.device_id')
      .select('r.seq')
      .where('d.device_code', '=', device.code)
      .execute()
  )
    .map((r) => Number(r.seq))
    .sort((a, b) => a - b);

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe.each(BROKER_MODES)('a full ingest queue on $name', (mode) => {
  const env = {} as { t: TestApp; url: string; stop(): Promise<void>; devices: TestDevice[] };

  beforeAll(async () => {
    const broker = await mode.start();
    env.stop = broker.stop;
    const link = broker.overrides.link!;
    env.t = await startTestApp({
      ...broker.overrides,
      link: { ...link, publishesPerSecond: 1000, publishBurst: 1000 },
      // One lane and quick batches: the queue is exactly what the test sent and what the lock holds.
      ingest: { ...loadIngestConfig({}), lanes: 1, batchMs: 1, highWater: HIGH_WATER, lowWater: 1 },
    });
    env.url = broker.deviceUrl(env.t);
    const dealer = await newDealer(env.t.db, { level: 0 });
    env.devices = [];
    for (let n = 0; n < 3; n += 1) env.devices.push(await newDemoDevice(env.t, { dealerId: dealer }));
  }, 60_000);
  afterAll(async () => {
    await env.t?.close();
    await env.stop?.();
  });

  it('stops reading (embedded) or acknowledging (external) instead of refusing; every report is stored once and acknowledged after the release', async () => {
    const embedded = env.t.deviceSide.mqttPort !== null;
    const [first, second, third] = await Promise.all(env.devices.map((device) => publisher(env.url, device)));
    const flow = () => env.t.deviceSide.flow.stats();
    const release = await blockStorage(env.t.db);

    if (embedded) {
      first!.publish(1);
      await waitFor('the first report queued', () => flow().queued === 1);
      second!.publish(1);
      await waitFor('the queue at its high-water mark', () => flow().paused);
      // The third device's reports stay in its socket: the server does not read it.
      third!.publish(5);
      await waitFor('the third connection waiting in the gate', () => flow().waiting === 1);
      expect(flow()).toMatchObject({ paused: true, queued: HIGH_WATER, waiting: 1 });
      expect(third!.pubacks).toBe(0);
    } else {
      first!.publish(1);
      second!.publish(1);
      third!.publish(5);
      // The broker acknowledged every report to the devices and holds them for the server, which handles one at a time.
      await waitFor(
        'the broker acknowledging every report',
        () => first!.pubacks + second!.pubacks + third!.pubacks === 7,
      );
      await waitFor('the server storing one report', () => flow().queued === 1);
      expect(env.t.deviceSide.brokerConnected()).toBe(true);
    }
    for (const p of [first!, second!, third!]) expect(p.client.connected).toBe(true);

    await release();
    const all = [first!, second!, third!];
    await waitFor('every report acknowledged', () => all.every((p) => p.pubacks === p.sent), 20_000);
    await waitFor(
      'every report stored',
      async () =>
        (await Promise.all(all.map((p) => storedSeqs(env.t.db, p.device)))).every(
          (seqs, i) => seqs.length >= all[i]!.sent,
        ),
      20_000,
    );
    for (const p of all) expect(await storedSeqs(env.t.db, p.device)).toEqual(oneTo(p.sent));
    for (const p of all) expect(p.client.connected).toBe(true);
    expect(env.t.deviceSide.counters.byReason()).toEqual({});
    expect(flow()).toMatchObject({ paused: false, queued: 0, waiting: 0 });
    if (embedded) expect(flow().pauses).toBeGreaterThanOrEqual(1);
    await Promise.all(all.map((p) => p.client.endAsync()));
  }, 60_000);
});
