import type { OfflineReason, SignInRefusalCode } from '@dcc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { refusalLog } from './refusal-log.ts';

/** Why the broker side refused or dropped something a device sent: a sign-in code of spec section 8, or a drop reason. */
export type LinkRefusal =
  | SignInRefusalCode
  // A gateway's status message about a device that is not its child (docs/device-protocol.md section 17).
  | typeof OfflineReason.TOPOLOGY_MISSING
  | 'server-unavailable'
  | 'reconnect-loop'
  // An attempt from an address over its failed sign-ins (counted under OTHER_DEVICES: it proves no identity).
  | 'sign-in-failures'
  | 'publish-forbidden'
  | 'subscribe-forbidden'
  | 'payload-too-large'
  | 'publish-throttled'
  | 'store-failed';

/** Counts per device beyond this many go to OTHER_DEVICES, so random client ids cannot grow the table without end. */
const MAX_TRACKED_DEVICES = 10_000;
export const OTHER_DEVICES = '*';

export interface LinkCounters {
  /** Counts one refusal; `detail` (an error's message) goes to its log line. */
  count(deviceCode: string, reason: LinkRefusal, detail?: string): void;
  /** Totals per reason. */
  byReason(): Record<string, number>;
  /** Counts of one device per reason. */
  ofDevice(deviceCode: string): Record<string, number>;
}

/**
 * In-memory refusal counters of the broker side. Each refusal is logged through the one refusal log
 * (refusal-log.ts): at most once a minute per device and reason, with its count, without a stack.
 */
export function linkCounters(log?: FastifyBaseLogger, now: () => number = Date.now): LinkCounters {
  const perDevice = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  const lines = refusalLog(log, now);

  return {
    count(deviceCode, reason, detail) {
      const key = String(reason);
      const tracked = perDevice.has(deviceCode) || perDevice.size < MAX_TRACKED_DEVICES ? deviceCode : OTHER_DEVICES;
      const counts = perDevice.get(tracked) ?? new Map<string, number>();
      counts.set(key, (counts.get(key) ?? 0) + 1);
      perDevice.set(tracked, counts);
      totals.set(key, (totals.get(key) ?? 0) + 1);
      lines.note(tracked, key, detail);
    },
    byReason: () => Object.fromEntries(totals),
    ofDevice: (deviceCode) => Object.fromEntries(perDevice.get(deviceCode) ?? []),
  };
}
