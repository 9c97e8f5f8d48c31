import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDemoDevice, waitFor, type TestDevice } from '../../../../test/device-link.ts';
import { countingServerSink, startExternalServer } from '../../../../test/external-server.ts';
import { newDealer } from '../../../../test/factories.ts';
import { drainMs, expectStoredOnce, startFlood, storedCount } from '../../../../test/flood.ts';
import { startOwnMosquitto, type OwnMosquitto } from '../../../../test/own-mosquitto.ts';
import { createSharedDatabase, type SharedDatabase } from '../../../../test/shared-database.ts';
import type { TestApp } from '../../../../test/harness.ts';

/**
 * Two server instances on one Mosquitto (`$share/ingest`), each with the real ingest pipeline into the same
 * PostgreSQL database: a flood of FAULT_DEVICES devices (200 in CI, 1,000 by hand) is split between them
 * and each report is stored exactly once. PostgreSQL only: PGlite cannot be shared by two instances.
 */
const DEVICES = Number(process.env.FAULT_DEVICES ?? 200);
const REPORTS_EACH = 10;
const env = {} as { broker: OwnMosquitto; shared: SharedDatabase };

describe.skipIf(!process.env.DATABASE_URL)(
  'two server instances sharing a flood (PostgreSQL only: PGlite cannot be shared)',
  () => {
    beforeAll(async () => {
      env.broker = await startOwnMosquitto({ dynsec: false });
      env.shared = await createSharedDatabase(process.env.DATABASE_URL!);
    });
    afterAll(async () => {
      await env.shared?.dispose();
      await env.broker?.dispose();
    });

    it(`split the reports of ${DEVICES} devices between them, each report stored exactly once`, async () => {
      const [countA, countB] = [countingServerSink(), countingServerSink()];
      const instance = async (clientId: string, sink: ReturnType<typeof countingServerSink>): Promise<TestApp> =>
        startExternalServer({
          brokerUrl: env.broker.url,
          clientId,
          database: await env.shared.open(),
          databaseUrl: env.shared.url,
          sink: sink.factory,
        });
      const a = await instance('split-real-a', countA);
      const b = await instance('split-real-b', countB);
      const dealer = await newDealer(a.db, { level: 0 });
      const devices: TestDevice[] = [];
      for (let n = 0; n < DEVICES; n += 1) devices.push(await newDemoDevice(n % 2 === 0 ? a : b, { dealerId: dealer }));
      const flood = await startFlood(env.broker.url, devices, { reportsEach: REPORTS_EACH, spacingMs: 20 });
      try {
        await flood.done;
        await waitFor(
          'every acknowledged report stored',
          async () => (await storedCount(a.db, dealer)) >= flood.sent,
          drainMs(flood),
        );
        await expectStoredOnce(a.db, dealer, flood);
        expect(countA.stored() + countB.stored()).toBe(flood.sent);
        expect(countA.stored()).toBeGreaterThan(flood.sent * 0.25);
        expect(countB.stored()).toBeGreaterThan(flood.sent * 0.25);
      } finally {
        await flood.close();
        await a.close();
        await b.close();
      }
    }, 300_000);
  },
);
