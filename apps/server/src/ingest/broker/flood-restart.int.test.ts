import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDemoDevice, type TestDevice } from '../../../test/device-link.ts';
import { newDealer } from '../../../test/factories.ts';
import { expectStoredOnce, partAcknowledged, startFlood } from '../../../test/flood.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createScratchDatabase } from '../../../test/test-database.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { loadLinkConfig } from '../../link-config.ts';

/**
 * The server restarts in the middle of a flood of QoS 1 reports (FAULT_DEVICES devices, 200 in CI,
 * 1,000 for the full run): every report a device saw acknowledged is stored exactly once afterwards,
 * and the reports in flight during the restart are delivered again and stored once too. The embedded
 * broker restarts with the server: this is also the embedded broker's restart test.
 */
const DEVICES = Number(process.env.FAULT_DEVICES ?? 200);
const REPORTS_EACH = 10;
const env = {} as { database: Database; drop?: () => Promise<void> };

beforeAll(async () => {
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  env.database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolSize: 8 });
  env.drop = scratch?.drop;
});
afterAll(async () => {
  await env.database.close();
  await env.drop?.();
});

const serverOn = (port: number): Promise<TestApp> =>
  startTestApp(
    {
      link: {
        ...loadLinkConfig({ MQTT_PORT: String(port) }),
        mqttHost: '127.0.0.1',
        publishesPerSecond: 1000,
        publishBurst: 1000,
      },
    },
    { database: env.database },
  );

describe('a server restart during a flood', () => {
  it(`stores every acknowledged report of ${DEVICES} devices exactly once`, async () => {
    let server = await serverOn(0);
    const port = server.deviceSide.mqttPort!;
    const dealer = await newDealer(server.db, { level: 0 });
    const devices: TestDevice[] = [];
    for (let n = 0; n < DEVICES; n += 1) devices.push(await newDemoDevice(server, { dealerId: dealer }));
    const flood = await startFlood(`mqtt://127.0.0.1:${port}`, devices, { reportsEach: REPORTS_EACH, spacingMs: 40 });
    await partAcknowledged(flood, 1 / 4);

    await server.close();
    const ackedBeforeRestart = flood.ackedCount();
    server = await serverOn(port);
    try {
      await flood.done;
      expect(flood.ackedCount()).toBe(flood.sent);
      expect(ackedBeforeRestart).toBeLessThan(flood.sent);
      await expectStoredOnce(server.db, dealer, flood);
    } finally {
      await flood.close();
      await server.close();
    }
  }, 180_000);
});
