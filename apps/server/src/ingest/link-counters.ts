import type { FastifyBaseLogger } from 'fastify';

/** Why the broker side refused or dropped something a device sent: a sign-in code of spec section 8, or a drop reason. */
export type LinkRefusal =
  | 401 | 522 | 2043 | 6100 | 6287
  // A gateway's status message about a device that is not its child (docs/device-protocol.md section 17).
  | 6401
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
const LOG_EVERY_MS = 60_000;

export interface LinkCounters {
  count(deviceCode: string, reason: LinkRefusal): void;
  /** Totals per reason. */
  byReason(): Record<string, number>;
  /** Counts of one device per reason. */
  ofDevice(deviceCode: string): Record<string, number>;
}

/**
 * In-memory refusal counters of the broker side. Each refusal is logged at most once a minute per
 * device and reason (with how many were not logged), so a hostile device cannot flood the log.
 */
export function linkCounters(log?: FastifyBaseLogger, now: () => number = Date.now): LinkCounters {
  const perDevice = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  const lastLogged = new Map<string, { at: number; unlogged: number }>();

  const logRateLimited = (deviceCode: string, reason: string) => {
    if (!log) return;
    const key = `${deviceCode} ${reason}`;
    const seen = lastLogged.get(key);
    if (seen && now() - seen.at < LOG_EVERY_MS) {
      seen.unlogged += 1;
      return;
    }
    if (lastLogged.size >= MAX_TRACKED_DEVICES) lastLogged.clear();
    lastLogged.set(key, { at: now(), unlogged: 0 });
    log.warn({ deviceCode, reason, notLoggedSinceLast: seen?.unlogged ?? 0 }, 'device connection refused or message dropped');
  };

  return {
    count(deviceCode, reason) {
      const key = String(reason);
      const tracked = perDevice.has(deviceCode) || perDevice.size < MAX_TRACKED_DEVICES ? deviceCode : OTHER_DEVICES;
      const counts = perDevice.get(tracked) ?? new Map<string, number>();
      counts.set(key, (counts.get(key) ?? 0) + 1);
      perDevice.set(tracked, counts);
      totals.set(key, (totals.get(key) ?? 0) + 1);
      logRateLimited(tracked, key);
    },
    byReason: () => Object.fromEntries(totals),
    ofDevice: (deviceCode) => Object.fromEntries(perDevice.get(deviceCode) ?? []),
  };
}
