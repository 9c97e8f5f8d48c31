import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LinkCounters, LinkRefusal } from './link-counters.ts';

/** Broker-side drops of a registered device kept in ingest_refusals (the abnormal device list reads them), under these codes. */
export const PERSISTED_LINK_REFUSALS: Partial<Record<LinkRefusal, string>> = {
  'publish-throttled': 'link.publishThrottled',
  'reconnect-loop': 'link.reconnectLoop',
  'payload-too-large': 'link.payloadTooLarge',
};

/** Pending pairs beyond this many wait for the next flush uncounted: random client ids cannot grow memory. */
const MAX_PENDING = 10_000;

export interface PersistedLinkCounters extends LinkCounters {
  /** Writes what was counted since the last flush. */
  flush(): Promise<void>;
  /** Stops the timer and flushes once more. */
  stop(): Promise<void>;
}

/**
 * The broker's in-memory counters, with the drops of PERSISTED_LINK_REFUSALS also added to
 * ingest_refusals every `flushMs`: a flooding device costs a map update per drop, and the database one
 * multi-row statement per interval for all devices. Codes that name no registered device are not kept.
 */
export function persistedLinkCounters(
  inner: LinkCounters,
  db: Kysely<DB>,
  log: FastifyBaseLogger,
  flushMs = 5000,
): PersistedLinkCounters {
  let pending = new Map<string, { code: string; reason: string; count: number; first: Date; last: Date }>();
  let writing = Promise.resolve();

  const write = async (batch: typeof pending) => {
    if (batch.size === 0) return;
    const rows = [...batch.values()].sort((a, b) => (a.code + a.reason < b.code + b.reason ? -1 : 1));
    await sql`
      insert into ingest_refusals (device_code, reason, count, first_at, last_at)
      select u.c, u.r, u.n, u.f, u.l from unnest(${rows.map((r) => r.code)}::text[], ${rows.map((r) => r.reason)}::text[], ${rows.map((r) => r.count)}::bigint[],
        ${rows.map((r) => r.first.toISOString())}::timestamptz[], ${rows.map((r) => r.last.toISOString())}::timestamptz[]) as u(c, r, n, f, l)
      where exists (select 1 from devices dv where dv.device_code = u.c)
      on conflict (device_code, reason) do update set count = ingest_refusals.count + excluded.count,
        first_at = least(ingest_refusals.first_at, excluded.first_at), last_at = greatest(ingest_refusals.last_at, excluded.last_at)`.execute(
      db,
    );
  };
  const flush = () => {
    const batch = pending;
    pending = new Map();
    writing = writing
      .then(() => write(batch))
      .catch((error: unknown) =>
        log.warn({ err: error, pairs: batch.size }, 'broker refusal counts could not be stored; they are dropped'),
      );
    return writing;
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    count(deviceCode, reason, detail) {
      inner.count(deviceCode, reason, detail);
      const code = PERSISTED_LINK_REFUSALS[reason];
      if (!code) return;
      const key = `${deviceCode}\n${code}`;
      const now = new Date();
      const entry = pending.get(key);
      if (entry) {
        entry.count += 1;
        entry.last = now;
      } else if (pending.size < MAX_PENDING) {
        pending.set(key, { code: deviceCode, reason: code, count: 1, first: now, last: now });
      }
    },
    byReason: () => inner.byReason(),
    ofDevice: (deviceCode) => inner.ofDevice(deviceCode),
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
