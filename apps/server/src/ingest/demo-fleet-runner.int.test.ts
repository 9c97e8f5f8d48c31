import { reportingDevices, startTestBroker, until, type TestBroker } from '@dcc/simulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { loadConfig, type Config } from '../config.ts';
import { DEMO_FLEET_SIZE, demoFleet, demoFleetSecret, seedDemoFleet } from '../db/seed/demo-fleet.ts';
import { secretBox } from '../modules/devices/secret-box.ts';
import { registeredDemoDevices, startDemoFleet } from './demo-fleet-runner.ts';

const SIMULATED = 6;
let t: TestApp;
let config: Config;
let broker: TestBroker;

beforeAll(async () => {
  // SIM_DEVICES > 0 makes the demo seed register the fleet.
  config = {
    ...loadConfig({ DATA_DIR: 'memory://', SEED_DEMO: 'true' }),
    simulator: { devices: SIMULATED, connectRatePerSecond: 50, reportSeconds: 60 },
  };
  t = await startTestApp({ simulator: config.simulator, deviceSecretKey: config.deviceSecretKey });
  const devices = await registeredDemoDevices(t.db, config.deviceSecretKey, DEMO_FLEET_SIZE);
  broker = await startTestBroker(new Map(devices.map((d) => [d.code, d.secret])));
});
afterAll(async () => {
  await broker?.close();
  await t?.close();
});

describe('demo fleet', () => {
  it('the demo seed registers 200 devices of both demo products over the demo dealers, secrets sealed', async () => {
    const rows = await t.db
      .selectFrom('devices as d')
      .innerJoin('products as p', 'p.id', 'd.product_id')
      .innerJoin('dealers as o', 'o.id', 'd.dealer_id')
      .select(['d.device_code', 'd.secret_box', 'p.name as product', 'o.code as dealer', 'd.status'])
      .where(
        'd.device_code',
        'in',
        demoFleet().map((d) => d.code),
      )
      .execute();
    expect(rows).toHaveLength(DEMO_FLEET_SIZE);
    const pumps = rows.filter((r) => r.product === '空气源热泵 A200').length;
    expect(pumps).toBe(175);
    expect(rows.filter((r) => r.product === '智能热水器 X1')).toHaveLength(25);
    expect(new Set(rows.map((r) => r.dealer)).size).toBe(7);
    // Every tenth waits for activation; the others were activated (OFFLINE until the fleet connects).
    expect(rows.filter((r) => r.status === 'UNACTIVE')).toHaveLength(20);
    expect(rows.filter((r) => r.status === 'OFFLINE')).toHaveLength(180);
    const box = secretBox(config.deviceSecretKey);
    const first = rows.find((r) => r.device_code === 'HP2406A0001')!;
    expect(first.secret_box.includes(Buffer.from(demoFleetSecret('HP2406A0001')))).toBe(false);
    expect(box.open(first.secret_box)).toBe(demoFleetSecret('HP2406A0001'));
  });

  it('seeds once', async () => {
    expect(await seedDemoFleet(t.db, secretBox(config.deviceSecretKey))).toBe(false);
  });

  it('runs the first SIM_DEVICES registered devices, signing in with the registry secrets, and stops', async () => {
    const reporters = await reportingDevices(await broker.cloud());
    const run = await startDemoFleet({
      mqttUrl: broker.url,
      db: t.db,
      config,
      log: { info: () => undefined, warn: () => undefined } as never,
      ingest: null,
    });
    expect(run).not.toBeNull();
    try {
      await until(() => run!.fleet.stats.connected === SIMULATED, 5000);
      expect(broker.signIns.map((s) => s.check.ok)).toEqual(Array(SIMULATED).fill(true));
      expect(broker.signIns.map((s) => s.clientId).sort()).toEqual([
        'HP2406A0001',
        'HP2406A0002',
        'HP2406A0003',
        'HP2406A0004',
        'HP2406A0005',
        'HP2406A0006',
      ]);
      await until(() => reporters.size === SIMULATED);
    } finally {
      await run!.stop();
    }
    expect(run!.fleet.stats.connected).toBe(0);
  });

  it('runs with the secret the registry holds, and not a deleted demo device', async () => {
    const box = secretBox(config.deviceSecretKey);
    await t.db
      .updateTable('devices')
      .set({ secret_box: box.seal('reset-in-the-console') })
      .where('device_code', '=', 'HP2406A0002')
      .execute();
    await t.db.deleteFrom('devices').where('device_code', '=', 'HP2406A0001').execute();
    const devices = await registeredDemoDevices(t.db, config.deviceSecretKey, 2);
    expect(devices).toEqual([
      { code: 'HP2406A0002', secret: 'reset-in-the-console', kind: 'heatPump' },
      { code: 'HP2406A0003', secret: demoFleetSecret('HP2406A0003'), kind: 'heatPump' },
    ]);
    expect(
      (await registeredDemoDevices(t.db, config.deviceSecretKey, DEMO_FLEET_SIZE)).find(
        (d) => d.code === 'WH2406X0001',
      ),
    ).toEqual({
      code: 'WH2406X0001',
      secret: demoFleetSecret('WH2406X0001'),
      kind: 'waterHeater',
    });
  });

  it('is off with SIM_DEVICES=0', async () => {
    expect(
      await startDemoFleet({
        mqttUrl: broker.url,
        db: t.db,
        config: { ...config, simulator: { ...config.simulator, devices: 0 } },
        log: {} as never,
        ingest: null,
      }),
    ).toBeNull();
  });
});
