import { ErrorCode, login } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDemoDevice, type TestDevice } from '../../../test/device-link.ts';
import { newDealer } from '../../../test/factories.ts';
import { expectStoredOnce, partAcknowledged, publishedInto, startFlood } from '../../../test/flood.ts';
import { call, digest, startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  scratchPostgresUnavailable,
  startScratchPostgres,
  type ScratchPostgres,
} from '../../../test/scratch-postgres.ts';
import { createScratchDatabase } from '../../../test/test-database.ts';
import { DemoPhone } from '../../db/seed/demo.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { loadLinkConfig } from '../../link-config.ts';

/**
 * PostgreSQL restarts (a fast shutdown of a cluster of the test's own, then a start) in the middle of a
 * flood of QoS 1 reports (FAULT_DEVICES devices, 200 in CI, 1,000 by hand): while it is away a contract
 * call answers DATABASE_UNAVAILABLE (HTTP 503) instead of waiting for it (the outage lasts until the devices
 * published DEVICES more reports into it); afterwards every report
 * a device saw acknowledged is stored exactly once. PostgreSQL only: PGlite lives inside the server process.
 */
const DEVICES = Number(process.env.FAULT_DEVICES ?? 200);
const REPORTS_EACH = 10;
const skip = !process.env.DATABASE_URL
  ? 'PostgreSQL only (DATABASE_URL): PGlite cannot restart apart from the server'
  : scratchPostgresUnavailable();
const env = {} as { cluster: ScratchPostgres; database: Database; drop: () => Promise<void> };

beforeAll(async () => {
  if (skip) return;
  env.cluster = await startScratchPostgres();
  const scratch = await createScratchDatabase(env.cluster.url);
  env.database = await openDatabase({
    databaseUrl: scratch.url,
    pgliteDir: null,
    poolSize: 8,
    onConnectionLost: () => undefined,
  });
  env.drop = scratch.drop;
});
afterAll(async () => {
  if (skip) return;
  await env.database?.close();
  await env.drop?.().catch(() => undefined);
  await env.cluster?.dispose();
});

const server = (): Promise<TestApp> =>
  startTestApp(
    {
      link: {
        ...loadLinkConfig({}),
        mqttPort: 0,
        mqttHost: '127.0.0.1',
        publishesPerSecond: 1000,
        publishBurst: 1000,
        connectsPerMinute: 10_000,
      },
    },
    { database: env.database },
  );

describe.skipIf(skip)(`a PostgreSQL restart during a flood${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it(`answers DATABASE_UNAVAILABLE at once while it is away and stores every acknowledged report of ${DEVICES} devices exactly once`, async () => {
    const t = await server();
    const dealer = await newDealer(t.db, { level: 0 });
    const devices: TestDevice[] = [];
    for (let n = 0; n < DEVICES; n += 1) devices.push(await newDemoDevice(t, { dealerId: dealer }));
    const flood = await startFlood(`mqtt://127.0.0.1:${t.deviceSide.mqttPort}`, devices, {
      reportsEach: REPORTS_EACH,
      spacingMs: 60,
    });
    try {
      await partAcknowledged(flood, 1 / 4);
      await env.cluster.stop();
      const ackedWhenStopped = flood.ackedCount();
      // Answered while the cluster is still down (it starts again only after): the call does not wait for it.
      const away = await call(t.app, login, { name: DemoPhone.OPERATOR, password: digest() });
      expect({ status: away.status, code: away.body.error_code }).toEqual({
        status: 503,
        code: ErrorCode.DATABASE_UNAVAILABLE,
      });
      expect(away.body.error_msg).toMatch(/database/i);
      await publishedInto(flood, DEVICES);
      await env.cluster.start();

      await flood.done;
      expect(flood.ackedCount()).toBe(flood.sent);
      expect(ackedWhenStopped).toBeLessThan(flood.sent);
      await expectStoredOnce(t.db, dealer, flood);
      expect((await call(t.app, login, { name: DemoPhone.OPERATOR, password: digest() })).body.error_code).toBe(
        ErrorCode.OK,
      );
    } finally {
      await flood.close();
      await t.close();
    }
  }, 180_000);
});
