import {
  Button,
  deleteDevice,
  deleteDevices,
  disableDevice,
  moveDevices,
  resetDeviceSecret,
  revealProductSecret,
} from '@dcc/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectDevice,
  newDemoDevice,
  presenceOf,
  storeGate,
  waitFor,
  type TestDevice,
} from '../../../test/device-link.ts';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  answerOf as ok,
  closedOf,
  resetClosing,
  demoReport as report,
  storedRows as rowsOf,
} from '../../../test/revocation.ts';
import { loadLinkConfig } from '../../link-config.ts';
import { serverSink, type SinkFactory } from '../sink.ts';

/**
 * A changed credential ends what was signed with the old one (docs/SECURITY.md, "Device connections"),
 * on the embedded broker with the server's own ingest pipeline: a secret reset, a disable, a delete
 * (single and batch) and a move close the device's live connection at once, and a report that was
 * still on its way to storage when that happened is neither stored nor acknowledged.
 */
const env = {} as {
  t: TestApp;
  dealer: string;
  other: string;
  caller: { sessionid: string; dealersId: string };
  sink: HeldSink;
};

interface HeldSink {
  factory: SinkFactory;
  /** Stores wait until the returned function is called. */
  hold(): () => void;
  /** Messages handed to the sink so far, and how many of their stores settled. */
  received: number;
  settled: number;
}

/** The server's sink, whose stores can be held before they reach the pipeline. */
function heldSink(): HeldSink {
  const gate = storeGate();
  const held: HeldSink = {
    received: 0,
    settled: 0,
    factory: (deps) => {
      const real = serverSink(deps);
      return {
        async store(message) {
          held.received += 1;
          try {
            await gate.passed();
            await real.store(message);
          } finally {
            held.settled += 1;
          }
        },
        close: real.close,
      };
    },
    hold: gate.hold,
  };
  return held;
}

beforeAll(async () => {
  env.sink = heldSink();
  env.t = await startTestApp(
    { link: { ...loadLinkConfig({}), mqttPort: 0, mqttHost: '127.0.0.1' } },
    { sink: env.sink.factory },
  );
  env.dealer = await newDealer(env.t.db, { level: 0 });
  env.other = await newDealer(env.t.db, { parentId: env.dealer, level: 1 });
  const user = await newUser(env.t.db);
  await newMember(env.t.db, env.dealer, user.id, [
    Button.DEVICES,
    Button.DEVICE_ACTIVATE,
    Button.DEVICE_MOVE,
    Button.PRODUCTS,
  ]);
  env.caller = { sessionid: await loginAs(env.t.app, user.phone), dealersId: env.dealer };
});
afterAll(async () => env.t?.close());

const device = () => newDemoDevice(env.t, { dealerId: env.dealer });
const storedRows = (id: string) => rowsOf(env.t.db, id);
async function online(d: TestDevice): Promise<MqttClient> {
  const client = await connectDevice(env.t, d);
  await waitFor('online', async () => (await presenceOf(env.t, d.id)).connected);
  return client;
}

describe('a changed credential ends the connection signed with the old one (embedded broker)', () => {
  it('a secret reset closes the live connection (401); the old secret is refused and the new one signs in', async () => {
    const d = await device();
    const client = await online(d);
    await client.publishAsync(`dev/${d.code}/up`, report(d, 1), { qos: 1 });
    await waitFor('the first report stored', async () => (await storedRows(d.id)) > 0);
    const rowsBefore = await storedRows(d.id);
    const deviceSecret = await resetClosing(env.t.app, env.caller, d.id, client);
    await waitFor('offline 401', async () => (await presenceOf(env.t, d.id)).offline_code === 401);
    await expect(connectDevice(env.t, d)).rejects.toThrow(/Bad username or password/i);
    const renewed = await online({ ...d, secret: deviceSecret });
    await renewed.publishAsync(`dev/${d.code}/up`, report(d, 2), { qos: 1 });
    expect(await storedRows(d.id)).toBeGreaterThan(rowsBefore);
    await renewed.endAsync();
  });

  it('a report still on its way to storage when the secret is reset is neither stored nor acknowledged', async () => {
    const d = await device();
    const client = await online(d);
    const release = env.sink.hold();
    const before = env.sink.settled;
    let acknowledged = false;
    client.publish(`dev/${d.code}/up`, report(d, 1), { qos: 1 }, (error) => (acknowledged = !error));
    await waitFor('the report handed to the sink', () => env.sink.received > before);
    const closed = closedOf(client);
    await ok(call(env.t.app, resetDeviceSecret, { deviceId: d.id }, env.caller));
    await closed;
    release();
    await waitFor('the held store settled', () => env.sink.settled > before);
    expect(await storedRows(d.id)).toBe(0);
    expect(acknowledged).toBe(false);
    client.end(true);
  });

  it('a disable (522), a delete and a batch delete (521) close the live connection at once', async () => {
    const disabled = await device();
    const disabledClient = await online(disabled);
    const disabledClosed = closedOf(disabledClient);
    await ok(call(env.t.app, disableDevice, { deviceId: disabled.id }, env.caller));
    await disabledClosed;
    await waitFor('offline 522', async () => (await presenceOf(env.t, disabled.id)).offline_code === 522);

    const deleted = await device();
    const deletedClosed = closedOf(await online(deleted));
    await ok(call(env.t.app, deleteDevice, { deviceId: deleted.id }, env.caller));
    await deletedClosed;

    const batch = [await device(), await device()];
    const batchClosed: Array<Promise<void>> = [];
    for (const d of batch) batchClosed.push(closedOf(await online(d)));
    await ok(call(env.t.app, deleteDevices, { deviceIds: batch.map((d) => d.id) }, env.caller));
    await Promise.all(batchClosed);
    for (const d of [deleted, ...batch])
      await expect(connectDevice(env.t, d)).rejects.toThrow(/Bad username or password/i);
  });

  it('a move to another dealer closes the live connection (401); the device signs in again under its new owner', async () => {
    const d = await device();
    const closed = closedOf(await online(d));
    await ok(call(env.t.app, moveDevices, { deviceIds: [d.id], targetDealerId: env.other }, env.caller));
    await closed;
    await waitFor('offline 401', async () => (await presenceOf(env.t, d.id)).offline_code === 401);
    const again = await online(d);
    await again.publishAsync(`dev/${d.code}/up`, report(d, 1), { qos: 1 });
    const row = await env.t.db
      .selectFrom('telemetry_history as h')
      .innerJoin('devices as dv', 'dv.id', 'h.device_id')
      .select('dv.dealer_id')
      .where('dv.id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(row.dealer_id).toBe(env.other);
    await again.endAsync();
  });

  it("a product secret reset leaves connected devices up: their secrets are their own, never derived from the product's", async () => {
    const d = await device();
    const client = await online(d);
    const product = await env.t.db
      .selectFrom('devices')
      .select('product_id')
      .where('id', '=', d.id)
      .executeTakeFirstOrThrow();
    await ok(call(env.t.app, revealProductSecret, { productId: product.product_id, reset: true }, env.caller));
    await client.publishAsync(`dev/${d.code}/up`, report(d, 1), { qos: 1 });
    expect(client.connected).toBe(true);
    expect(await storedRows(d.id)).toBeGreaterThan(0);
    await client.endAsync();
  });
});
