import { OfflineReason, type OfflineReasonCode } from '@dcc/contract';
import type { Misbehaviour } from '@dcc/simulator';

/** A demo device that is not simply online and well: so that every state of the console has an example. */
export interface DemoDeviceState {
  /** It went offline this many hours ago with this reason, and does not come back (it is not simulated). */
  offline?: { code: OfflineReasonCode; hoursAgo: number };
  /** How it misbehaves while it runs (the abnormal list shows it). */
  misbehaviour?: Misbehaviour;
  /** Locked from the console: set commands are refused. */
  locked?: boolean;
  /** Fault bits its unit keeps reporting (open faults; the demo heat pump's E01 = 1, E02 = 2, E04 = 8). */
  stuckFaults?: number;
}

/**
 * The demo fleet's states by IoT code: all among devices 21-40 of the fleet (so a SIM_DEVICES=40 fleet
 * shows every one, and the first twenty stay online and well for the tests that use them), spread over
 * the demo dealers (the fleet's i-th device belongs to dealer i mod 7; the Beijing subtree has one of
 * each kind). Every other activated demo device stays online and well.
 */
export const DEMO_DEVICE_STATES: Readonly<Record<string, DemoDeviceState>> = {
  HP2406A0019: { offline: { code: OfflineReason.HEARTBEAT_TIMEOUT, hoursAgo: 4 * 24 } },
  HP2406A0020: { offline: { code: OfflineReason.CONNECTION_BROKEN, hoursAgo: 3 } },
  HP2406A0021: { offline: { code: OfflineReason.TOKEN_EXPIRED, hoursAgo: 26 } },
  HP2406A0022: { offline: { code: OfflineReason.NO_PERMISSION, hoursAgo: 5 * 24 }, stuckFaults: 1 },
  HP2406A0023: { misbehaviour: 'malformed' },
  HP2406A0024: { misbehaviour: 'burst' },
  HP2406A0025: { locked: true },
  HP2406A0026: { locked: true, stuckFaults: 2 },
  HP2406A0028: { stuckFaults: 8 },
  HP2406A0033: { misbehaviour: 'malformed', stuckFaults: 1 },
  HP2406A0034: { locked: true },
};

export const demoDeviceState = (code: string): DemoDeviceState => DEMO_DEVICE_STATES[code] ?? {};
