import { faultTypeOf } from '@dcc/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { touchDevices } from './device-touch.ts';
import { faultChanges, type FaultChange } from './fault-changes.ts';
import { latestChanges } from './latest-changes.ts';
import { writeLatest, type LatestRow, type LatestWritten, type PointRow } from './latest-values.ts';
import { writeAtOnce } from './pipeline-at-once.ts';
import type { DecodedMessage, PointReading } from './pipeline-decode.ts';
import { keyOf, storeFresh } from './pipeline-gate.ts';
import { readingTextsOfBatch } from './reading-texts.ts';
import { logLinkChanges, logModeChanges, reportModeChanged, type ReportModeMemory } from './dtu-reports.ts';

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
  /** The report modes last logged per device (dtu-reports.ts); updated once the batch is committed. */
  reportModes: ReportModeMemory;
}

/** Remembered report modes beyond this many devices start over (each is read again once). */
const REPORT_MODES_REMEMBERED = 100_000;

/**
 * Writes one decoded batch, all of it or nothing. The raw packet insert is the idempotency gate
 * (pipeline-gate.ts): a message whose key (device, day, seq, digest) is already stored changes nothing
 * else. A plain batch (the usual one: reports of known devices, nothing refused, no fault, heartbeat or
 * new report mode) is written in one statement (pipeline-at-once.ts); any other, or a plain one that
 * statement hands back, in a transaction of a few multi-row statements. Throws when the database
 * fails; then nothing of the batch is stored.
 */
export async function writeBatch(
  db: Kysely<DB>,
  batch: readonly DecodedMessage[],
  options: WriteOptions,
): Promise<BatchResult> {
  const candidates = uniqueCandidates(batch);
  if (candidates.length === batch.length && candidates.every((m) => plainMessage(m, options.reportModes))) {
    const written = await writeAtOnce(db, candidates, options);
    if (written) return written;
  }
  return writeInTransaction(db, batch, candidates, options);
}

/** The batch's messages of known devices, each key once (the first). */
function uniqueCandidates(batch: readonly DecodedMessage[]): DecodedMessage[] {
  const unique = new Map<string, DecodedMessage>();
  for (const m of batch) {
    if (!m.profile) continue;
    const key = keyOf(m);
    if (!unique.has(key)) unique.set(key, m);
  }
  return [...unique.values()];
}

/** A message whose storing writes only the gate's rows, latest values and the device's online time. */
function plainMessage(m: DecodedMessage, reportModes: ReportModeMemory): boolean {
  return (
    m.refusal === null &&
    m.outOfRange === 0 &&
    m.heartbeat === undefined &&
    m.faults.length === 0 &&
    !reportModeChanged(m, reportModes)
  );
}

async function writeInTransaction(
  db: Kysely<DB>,
  batch: readonly DecodedMessage[],
  candidates: readonly DecodedMessage[],
  options: WriteOptions,
): Promise<BatchResult> {
  const { maxLoggedBytes, timeZone } = options;
  const { result, modes } = await db.transaction().execute(async (tx) => {
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
    // The link changes compare with the devices' stored link: before the update below writes the new one.
    await logLinkChanges(tx, accepted);
    const modes = await logModeChanges(tx, accepted, options.reportModes);
    // The devices' last online time goes with the latest values' statement: one round trip less.
    const latest = await writeLatest(tx, rows, options.latest, textsOf, touchDevices(accepted));
    const faults = await applyFaults(
      tx,
      accepted.filter((m) => m.faults.length > 0),
    );
    return { result: { fresh, values, faults, latest, refusals }, modes };
  });
  if (options.reportModes.size + modes.size > REPORT_MODES_REMEMBERED) options.reportModes.clear();
  for (const [id, mode] of modes) options.reportModes.set(id, mode);
  return result;
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
