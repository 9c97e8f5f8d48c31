import { faultTypeOf } from '@dcc/contract';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { DB } from '../../db/schema.ts';
import { faultChanges, type FaultChange } from './fault-changes.ts';
import { mergeRows, writeLatest, type LatestRow, type LatestWritten, type PointRow } from './latest-values.ts';
import { signalOf, type DecodedMessage, type PointReading } from './pipeline-decode.ts';
import { keyOf, storeFresh } from './pipeline-gate.ts';
import { readingTextsOfBatch } from './reading-texts.ts';

/** What a committed batch changed, for the events published after the commit. */
export interface BatchResult {
  /** Messages stored for the first time (a redelivered message is not among them). */
  fresh: DecodedMessage[];
  /** Latest values per device id, as written by this batch. */
  values: Map<string, { message: DecodedMessage; readings: PointReading[] }>;
  faults: FaultChange[];
  /** The device_values rows as written (for the pipeline's copy of them). */
  latest: LatestWritten;
  /** What was counted in ingest_refusals, by reason (the pipeline's totals for /metrics add these). */
  refusals: ReadonlyArray<{ reason: string; count: number }>;
}

export interface WriteOptions {
  /** Payloads are kept in raw_packets up to this many bytes. */
  maxLoggedBytes: number;
  /** The latest values of the batch's devices as read before decoding (latest-values.ts). */
  latest: ReadonlyMap<string, LatestRow>;
  /** The platform's zone: the uplink traffic is counted per day of it. */
  timeZone: string;
}

/**
 * Writes one decoded batch in one transaction with a few multi-row statements. The raw packet insert
 * is the idempotency gate (pipeline-gate.ts): a message whose key (device, day, seq, digest) is already
 * stored changes nothing else. Throws when the database fails; then nothing of the batch is stored.
 */
export async function writeBatch(
  db: Kysely<DB>,
  batch: readonly DecodedMessage[],
  options: WriteOptions,
): Promise<BatchResult> {
  const { maxLoggedBytes, timeZone } = options;
  return db.transaction().execute(async (tx) => {
    const unique = new Map<string, DecodedMessage>();
    for (const m of batch) {
      if (!m.profile) continue;
      const key = keyOf(m);
      if (!unique.has(key)) unique.set(key, m);
    }
    const candidates = [...unique.values()];
    const textsOf = readingTextsOfBatch();
    const fresh = await storeFresh(tx, candidates, { maxLoggedBytes, timeZone }, textsOf);

    const accepted = fresh.filter((m) => !m.refusal);
    const refusals = [
      ...[...batch.filter((m) => !m.profile), ...fresh.filter((m) => m.refusal)].map((m) => ({
        message: m,
        reason: m.refusal!,
        count: 1,
      })),
      ...accepted
        .filter((m) => m.outOfRange > 0)
        .map((m) => ({ message: m, reason: OUT_OF_RANGE, count: m.outOfRange })),
    ];
    await countRefusals(tx, refusals);
    const changes = latestChanges(accepted);
    const rows = new Map<string, PointRow>();
    const values: BatchResult['values'] = new Map();
    for (const [id, { message, row }] of changes) {
      rows.set(id, row);
      values.set(id, { message, readings: row.readings });
    }
    // The devices' last online time goes with the latest values' statement: one round trip less.
    const latest = await writeLatest(tx, rows, options.latest, textsOf, touchDevices(accepted));
    const faults = await applyFaults(
      tx,
      accepted.filter((m) => m.faults.length > 0),
    );
    return { fresh, values, faults, latest, refusals };
  });
}

/** Counted in ingest_refusals beside the refusals: readings outside their value range, in stored messages (abnormal, not refused). */
export const OUT_OF_RANGE = 'value.outOfRange';

async function countRefusals(
  tx: Transaction<DB>,
  counted: ReadonlyArray<{ message: DecodedMessage; reason: string; count: number }>,
): Promise<void> {
  if (counted.length === 0) return;
  const counts = new Map<string, { code: string; reason: string; count: number; first: Date; last: Date }>();
  for (const { message: m, reason, count } of counted) {
    const key = `${m.message.deviceCode}\n${reason}`;
    const c = counts.get(key) ?? {
      code: m.message.deviceCode,
      reason,
      count: 0,
      first: m.message.receivedAt,
      last: m.message.receivedAt,
    };
    c.count += count;
    if (m.message.receivedAt < c.first) c.first = m.message.receivedAt;
    if (m.message.receivedAt > c.last) c.last = m.message.receivedAt;
    counts.set(key, c);
  }
  const rows = [...counts.values()].sort((a, b) => (a.code + a.reason < b.code + b.reason ? -1 : 1));
  await sql`
    insert into ingest_refusals (device_code, reason, count, first_at, last_at)
    select * from unnest(${rows.map((r) => r.code)}::text[], ${rows.map((r) => r.reason)}::text[], ${rows.map((r) => r.count)}::bigint[],
      ${rows.map((r) => r.first.toISOString())}::timestamptz[], ${rows.map((r) => r.last.toISOString())}::timestamptz[])
    on conflict (device_code, reason) do update set count = ingest_refusals.count + excluded.count,
      first_at = least(ingest_refusals.first_at, excluded.first_at), last_at = greatest(ingest_refusals.last_at, excluded.last_at)`.execute(
    tx,
  );
}

/** Per device, what its accepted messages change in its latest values (later readings win) and the message it was last. */
function latestChanges(accepted: readonly DecodedMessage[]): Map<string, { message: DecodedMessage; row: PointRow }> {
  const byDevice = new Map<string, { message: DecodedMessage; row: PointRow }>();
  for (const m of accepted) {
    if (m.readings.length === 0) continue;
    const id = m.profile!.deviceId;
    const entry = byDevice.get(id);
    const own: PointRow = { readings: m.readings, at: m.at };
    if (!entry) {
      // The usual case, a device's one message in the batch: its readings as they are (no copy).
      byDevice.set(id, { message: m, row: distinctAddresses(m) ? own : mergeRows(NO_ROW, own) });
      continue;
    }
    entry.row = mergeRows(entry.row, own);
    entry.message = m;
  }
  return byDevice;
}

const NO_ROW: PointRow = { readings: [], at: [] };

/** A frame's addresses are distinct (the decoder refuses a repeated one); an Alink post's could repeat (two identifiers, one address). */
function distinctAddresses(m: DecodedMessage): boolean {
  if (m.profile!.messageType !== 'tm') return true;
  return new Set(m.readings.map((r) => r.address)).size === m.readings.length;
}

async function applyFaults(tx: Transaction<DB>, withFaults: readonly DecodedMessage[]): Promise<FaultChange[]> {
  if (withFaults.length === 0) return [];
  const ids = [...new Set(withFaults.map((m) => m.profile!.deviceId))];
  const openBefore = await tx
    .selectFrom('device_faults')
    .select(['device_id', 'address', 'fault_code', 'level'])
    .where('device_id', 'in', ids)
    .where('closed_at', 'is', null)
    .execute();
  const { inserts, closes, changes } = faultChanges(withFaults, openBefore);
  if (closes.length > 0) {
    await sql`
      update device_faults f set closed_at = u.t, repaired = true
      from unnest(${closes.map((c) => c.deviceId)}::bigint[], ${closes.map((c) => c.address)}::int[], ${closes.map((c) => c.faultCode)}::text[],
        ${closes.map((c) => c.at.toISOString())}::timestamptz[]) as u(d, a, c, t)
      where f.device_id = u.d and f.address = u.a and f.fault_code = u.c and f.closed_at is null`.execute(tx);
  }
  if (inserts.length > 0) {
    await sql`
      insert into device_faults (device_id, address, fault_code, level, fault_type, opened_at, closed_at, repaired)
      select d, a, c, l, t, o, x, x is not null from unnest(${inserts.map((f) => f.deviceId)}::bigint[], ${inserts.map((f) => f.address)}::int[],
        ${inserts.map((f) => f.faultCode)}::text[], ${inserts.map((f) => f.level)}::smallint[], ${inserts.map((f) => faultTypeOf(f.level))}::text[],
        ${inserts.map((f) => f.openedAt.toISOString())}::timestamptz[], ${inserts.map((f) => f.closedAt?.toISOString() ?? null)}::timestamptz[]) as u(d, a, c, l, t, o, x)
      on conflict (device_id, address, fault_code) where closed_at is null do nothing`.execute(tx);
  }
  return changes;
}

/** The update of the accepted messages' devices (last online time, heartbeat signal and link), null when none. */
function touchDevices(accepted: readonly DecodedMessage[]): RawBuilder<unknown> | null {
  const byDevice = new Map<string, { at: Date; signal: string | null; link: boolean | null }>();
  for (const m of accepted) {
    const id = m.profile!.deviceId;
    const e = byDevice.get(id) ?? { at: m.message.receivedAt, signal: null, link: null };
    if (m.message.receivedAt > e.at) e.at = m.message.receivedAt;
    if (m.heartbeat) {
      e.signal = signalOf(m.heartbeat.rssi) ?? e.signal;
      e.link = m.heartbeat.mainboardLink;
    }
    byDevice.set(id, e);
  }
  if (byDevice.size === 0) return null;
  // Row locks in id order: two instances updating the same devices cannot deadlock. The last online
  // time moves in 30 s steps unless a heartbeat changes something: rewriting every device row with
  // every batch cost more than the history itself.
  const ids = [...byDevice.keys()].sort((a, b) => Number(a) - Number(b));
  return sql`
    update devices d set last_online_at = greatest(d.last_online_at, u.a), signal = coalesce(u.s, d.signal), dtu_link = coalesce(u.l, d.dtu_link)
    from unnest(${arrayLiteral(ids)}::bigint[], ${arrayLiteral(ids.map((id) => byDevice.get(id)!.at.toISOString()))}::timestamptz[],
      ${arrayLiteral(ids.map((id) => byDevice.get(id)!.signal))}::text[], ${arrayLiteral(ids.map((id) => byDevice.get(id)!.link))}::boolean[]) as u(i, a, s, l)
    where d.id = u.i and (u.s is not null or u.l is not null or d.last_online_at is null or d.last_online_at < u.a - interval '30 seconds')`;
}
