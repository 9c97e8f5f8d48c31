import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDemoDevice, waitFor, type TestDevice } from '../../../../test/device-link.ts';
import { startExternalServer } from '../../../../test/external-server.ts';
import { newDealer } from '../../../../test/factories.ts';
import {
  drainMs,
  expectStoredOnce,
  partAcknowledged,
  publishedInto,
  startFlood,
  storedCount,
} from '../../../../test/flood.ts';
import { startOwnMosquitto, type OwnMosquitto } from '../../../../test/own-mosquitto.ts';
import { createScratchDatabase } from '../../../../test/test-database.ts';
import { openDatabase, type Database } from '../../../db/database.ts';

/**
 * The external broker (a Mosquitto of the test's own, persistence on) restarts in the middle of a flood
 * of QoS 1 reports (FAULT_DEVICES devices, 200 in CI, 1,000 by hand): the server's persistent session
 * and the reports queued in it survive, the devices reconnect and send again what was not acknowledged,
 * and afterwards every acknowledged report is stored exactly once. (The embedded broker restarts only
 * with the server: flood-restart.int.test.ts.)
 *
 * Mosquitto (2.0.11 here) restores a persistent session's queued messages and ordinary subscriptions
 * from its persistence file, but not its `$share` subscriptions: a report published after the broker
 * is back and before the server subscribed again is acknowledged to the device and dropped (no
 * subscriber). The server tries again within about 0.5 s; the devices here reconnect after 3 s, as field
 * devices back off by seconds (docs/ARCHITECTURE.md, "Nothing lost: fault tests").
 */
const DEVICE_RECONNECT_MS = 3000;
const DEVICES = Number(process.env.FAULT_DEVICES ?? 200);
const REPORTS_EACH = 10;
const env = {} as { broker: OwnMosquitto; database: Database; drop?: () => Promise<void> };

beforeAll(async () => {
  env.broker = await startOwnMosquitto({ dynsec: false });
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  env.database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolSize: 8 });
  env.drop = scratch?.drop;
});
afterAll(async () => {
  await env.database?.close();
  await env.drop?.();
  await env.broker?.dispose();
});

describe('an external broker restart during a flood', () => {
  it(`stores every acknowledged report of ${DEVICES} devices exactly once`, async () => {
    const t = await startExternalServer({
      brokerUrl: env.broker.url,
      clientId: 'restart-flood',
      database: env.database,
    });
    const dealer = await newDealer(t.db, { level: 0 });
    const devices: TestDevice[] = [];
    for (let n = 0; n < DEVICES; n += 1) devices.push(await newDemoDevice(t, { dealerId: dealer }));
    const flood = await startFlood(env.broker.url, devices, {
      reportsEach: REPORTS_EACH,
      spacingMs: 60,
      reconnectMs: DEVICE_RECONNECT_MS,
    });
    try {
      await partAcknowledged(flood, 1 / 4);
      await env.broker.stop();
      const ackedWhenStopped = flood.ackedCount();
      // The outage lasts until the devices have published into it.
      await publishedInto(flood, DEVICES);
      await env.broker.start();

      await flood.done;
      expect(flood.ackedCount()).toBe(flood.sent);
      expect(ackedWhenStopped).toBeLessThan(flood.sent);
      // Acknowledged by the broker is not yet stored: wait until the server's session drained.
      await waitFor(
        'every acknowledged report stored',
        async () => (await storedCount(t.db, dealer)) >= flood.sent,
        drainMs(flood),
      );
      await expectStoredOnce(t.db, dealer, flood);
    } finally {
      await flood.close();
      await t.close();
    }
  }, 300_000);
});
