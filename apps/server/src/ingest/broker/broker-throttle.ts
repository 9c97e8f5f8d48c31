/**
 * Per-device limits of the embedded broker, in memory and O(1) per message: a token bucket for
 * publishes and a per-minute count of connection attempts with a cool-down. A device over its limit
 * only affects itself.
 */
export interface PublishThrottle {
  /** Whether one more publish of `deviceCode` is within its rate (takes a token when it is). */
  allow(deviceCode: string): boolean;
  /**
   * The server did not read the device for `ms` (the ingest's backpressure): what it sent at its rate
   * meanwhile is allowed on top of its burst, so a backlog read after a pause is not throttled.
   */
  credit(deviceCode: string, ms: number): void;
  forget(deviceCode: string): void;
}

/** Credit beyond the burst is kept for at most this long a pause. */
const MAX_CREDITED_MS = 10 * 60_000;

export function publishThrottle(perSecond: number, burst: number, now: () => number = Date.now): PublishThrottle {
  // credited: publishes allowed beyond the burst for a pause of the server's (spent after the bucket's tokens).
  const buckets = new Map<string, { tokens: number; at: number; credited: number }>();
  const bucketOf = (deviceCode: string, t: number) => {
    const bucket = buckets.get(deviceCode) ?? { tokens: burst, at: t, credited: 0 };
    bucket.tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
    bucket.at = t;
    buckets.set(deviceCode, bucket);
    return bucket;
  };
  return {
    allow(deviceCode) {
      const bucket = bucketOf(deviceCode, now());
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return true;
      }
      if (bucket.credited < 1) return false;
      bucket.credited -= 1;
      return true;
    },
    credit(deviceCode, ms) {
      const bucket = bucketOf(deviceCode, now());
      bucket.credited = Math.min(
        bucket.credited + (Math.min(ms, MAX_CREDITED_MS) / 1000) * perSecond,
        (MAX_CREDITED_MS / 1000) * perSecond,
      );
    },
    forget: (deviceCode) => void buckets.delete(deviceCode),
  };
}

export interface ConnectThrottle {
  /** Records a connection attempt of `clientId`; false while it is cooling down after too many. */
  allow(clientId: string): boolean;
}

const MINUTE = 60_000;

export function connectThrottle(perMinute: number, cooldownMs: number, now: () => number = Date.now): ConnectThrottle {
  const attempts = new Map<string, { windowStart: number; count: number; blockedUntil: number }>();
  let lastSweep = now();
  const sweep = (t: number) => {
    if (t - lastSweep < MINUTE) return;
    lastSweep = t;
    for (const [id, entry] of attempts)
      if (t - entry.windowStart >= MINUTE && t >= entry.blockedUntil) attempts.delete(id);
  };
  return {
    allow(clientId) {
      const t = now();
      sweep(t);
      const entry = attempts.get(clientId) ?? { windowStart: t, count: 0, blockedUntil: 0 };
      attempts.set(clientId, entry);
      if (t < entry.blockedUntil) return false;
      if (t - entry.windowStart >= MINUTE) {
        entry.windowStart = t;
        entry.count = 0;
      }
      entry.count += 1;
      if (entry.count <= perMinute) return true;
      entry.blockedUntil = t + cooldownMs;
      return false;
    },
  };
}
