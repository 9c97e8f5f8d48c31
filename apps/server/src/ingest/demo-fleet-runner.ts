import { startSimulatedFleet, type Fleet, type FleetDevice } from '@dcc/simulator';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { demoFleet } from '../db/seed/demo-fleet.ts';
import { demoDeviceState } from '../db/seed/demo-fleet-states.ts';
import type { DB } from '../db/schema.ts';
import { secretBox } from '../modules/devices/index.ts';
import { backfillDemoHistory } from './demo-history.ts';
import type { UplinkSink } from './device-link.ts';

export interface DemoFleetRun {
  fleet: Fleet;
  stop(): Promise<void>;
}

const STATS_EVERY_MS = 5 * 60_000;

/**
 * The registered demo devices the fleet runs: the first `count` of the demo fleet that are still in
 * the registry, each with the secret the registry holds (so a secret reset in the console is obeyed,
 * and a deleted demo device is not simulated), its kind from its product's message type, and its demo
 * state (demo-fleet-states.ts: how it misbehaves, whether locked, its lasting faults). A demo device
 * that went offline for good is left out: it stays offline with its reason.
 */
export async function registeredDemoDevices(
  db: Kysely<DB>,
  deviceSecretKey: Buffer,
  count: number,
): Promise<FleetDevice[]> {
  const order = new Map(demoFleet().map((d, i) => [d.code, i]));
  if (count === 0) return [];
  const rows = await db
    .selectFrom('devices as d')
    .innerJoin('products as p', 'p.id', 'd.product_id')
    .select(['d.device_code', 'd.secret_box', 'p.message_type'])
    .where('d.device_code', 'in', [...order.keys()])
    .execute();
  const box = secretBox(deviceSecretKey);
  return rows
    .sort((a, b) => order.get(a.device_code)! - order.get(b.device_code)!)
    .slice(0, count)
    .filter((row) => !demoDeviceState(row.device_code).offline)
    .map((row) => {
      const { misbehaviour, locked, stuckFaults } = demoDeviceState(row.device_code);
      return {
        code: row.device_code,
        secret: box.open(row.secret_box),
        kind: row.message_type === 'tm' ? ('waterHeater' as const) : ('heatPump' as const),
        ...(misbehaviour ? { misbehaviour } : {}),
        ...(locked ? { locked } : {}),
        ...(stuckFaults ? { stuckFaults } : {}),
      };
    });
}

/**
 * Starts the in-process demo fleet against the device broker at `mqttUrl` once it listens, when
 * SIM_DEVICES > 0 (config.simulator); answers null when off. On the first start of a demo database,
 * the last days' history is stored through `ingest` first (demo-history.ts). Call `stop()` when the
 * server closes.
 */
export async function startDemoFleet({
  mqttUrl,
  db,
  config,
  log,
  ingest,
}: {
  mqttUrl: string;
  db: Kysely<DB>;
  config: Config;
  log: FastifyBaseLogger;
  ingest: UplinkSink | null;
}): Promise<DemoFleetRun | null> {
  const { devices: count, connectRatePerSecond, reportSeconds } = config.simulator;
  if (count === 0) return null;
  if (ingest) {
    const began = Date.now();
    const stored = await backfillDemoHistory(db, ingest, count);
    if (stored > 0) log.info({ messages: stored, ms: Date.now() - began }, 'demo history of the last days stored');
  }
  const devices = await registeredDemoDevices(db, config.deviceSecretKey, count);
  if (devices.length === 0) {
    log.warn(
      'SIM_DEVICES is set but no demo fleet devices are registered (the demo fleet is seeded with the demo data): no simulated devices',
    );
    return null;
  }
  const fleet = startSimulatedFleet({
    url: mqttUrl,
    devices,
    connectRatePerSecond,
    reportIntervalMs: reportSeconds * 1000,
    seed: 'demo-fleet',
  });
  log.info(
    { devices: devices.length, connectRatePerSecond, reportSeconds },
    'simulated demo fleet starting (SIM_DEVICES=0 turns it off)',
  );
  const timer = setInterval(() => log.info({ simulator: { ...fleet.stats } }, 'simulated demo fleet'), STATS_EVERY_MS);
  timer.unref();
  return {
    fleet,
    async stop() {
      clearInterval(timer);
      await fleet.stop();
    },
  };
}
