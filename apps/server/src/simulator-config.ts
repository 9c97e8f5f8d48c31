import { envInteger } from './limits-config.ts';
import { DEMO_FLEET_SIZE } from './db/seed/demo-fleet.ts';

/** The in-process demo fleet (apps/simulator): how many of the demo devices run, how fast they connect and report. */
export interface SimulatorConfig {
  /** SIM_DEVICES: 0 turns the fleet off; at most the demo fleet's size. */
  devices: number;
  /** SIM_CONNECT_RATE: new device connections per second while the fleet ramps up. */
  connectRatePerSecond: number;
  /** SIM_REPORT_SECONDS: seconds between a device's reports. */
  reportSeconds: number;
}

/**
 * SIM_DEVICES defaults to the whole demo fleet only for `npm start` on its embedded PGlite folder
 * (demo data, no DATABASE_URL, DATA_DIR not memory://), and to 0 otherwise: the test harness and the
 * e2e servers run on memory:// and never start the fleet; a production database never does unless told.
 */
export function loadSimulatorConfig(
  env: NodeJS.ProcessEnv,
  where: { seedDemo: boolean; databaseUrl: string | null; dataDir: string | null },
): SimulatorConfig {
  const byDefault = where.seedDemo && where.databaseUrl === null && where.dataDir !== null ? DEMO_FLEET_SIZE : 0;
  const devices = envInteger(env.SIM_DEVICES, byDefault, 'SIM_DEVICES');
  if (devices > DEMO_FLEET_SIZE)
    throw new Error(`SIM_DEVICES must be 0-${DEMO_FLEET_SIZE} (the demo fleet's size), got ${devices}`);
  const connectRatePerSecond = envInteger(env.SIM_CONNECT_RATE, 20, 'SIM_CONNECT_RATE');
  if (connectRatePerSecond === 0) throw new Error('SIM_CONNECT_RATE must be above 0');
  const reportSeconds = envInteger(env.SIM_REPORT_SECONDS, 30, 'SIM_REPORT_SECONDS');
  if (reportSeconds === 0) throw new Error('SIM_REPORT_SECONDS must be above 0');
  return { devices, connectRatePerSecond, reportSeconds };
}
