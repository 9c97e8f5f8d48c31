import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { touchDevices } from './device-touch.ts';
import { latestChanges } from './latest-changes.ts';
import { byId, REPORTED_AT, rowJson, wholeRows, type LatestWritten } from './latest-values.ts';
import type { DecodedMessage } from './pipeline-decode.ts';
import { freshOf, gateCtes } from './pipeline-gate.ts';
import type { BatchResult, WriteOptions } from './pipeline-write.ts';
import { readingTextsOfBatch } from './reading-texts.ts';

/** The SQLSTATE of ingest_batch_conflict (migration 105): the statement kept nothing, the batch goes the transaction's way. */
const CONFLICT = 'DC001';

/**
 * A plain batch (pipeline-write.ts: known devices, nothing refused, no fault, heartbeat or report
 * mode to log) written in one statement: the gate's parts (raw packets, history, traffic), the latest
 * values written whole at the revision read, and the devices' online time. One statement is atomic
 * without a transaction of its own, so the batch costs one round trip instead of four (BEGIN, the
 * gate, the latest values, COMMIT). Answers null, having kept nothing, when a device's row cannot be
 * written whole here: some of its messages but not all were stored before (a redelivery), or another
 * writer changed its row since it was read; the caller then writes the batch in a transaction.
 */
export async function writeAtOnce(
  db: Kysely<DB>,
  candidates: readonly DecodedMessage[],
  options: WriteOptions,
): Promise<BatchResult | null> {
  const textsOf = readingTextsOfBatch();
  const changes = latestChanges(candidates);
  const ids = [...changes.keys()].sort(byId);
  const rows = new Map([...changes].map(([id, change]) => [id, change.row]));
  const whole = wholeRows(ids, rows, options.latest);
  const recordset = `[${ids.map((id) => rowJson(id, whole.get(id)!, textsOf, options.latest.get(id)?.revision, changes.get(id)!.messages)).join(',')}]`;
  const touch = touchDevices(candidates, { storedOnly: true });
  let repeated: Array<{ n: string | null }>;
  try {
    ({ rows: repeated } = await sql<{ n: string | null }>`${gateCtes(candidates, options, textsOf)},
      passed as (
        select u.i, count(*) as k from input as u
        join raw on raw.device_id = u.i and raw.day = u.d and raw.seq = u.s and raw.digest = u.g
        where u.ad is not null group by u.i
      ), latest as (
        select * from jsonb_to_recordset(${recordset}::jsonb) as c(i bigint, v jsonb, a jsonb, r bigint, k bigint)
      ), due as (
        select c.* from latest as c join passed as p on p.i = c.i and p.k = c.k
      ), updated as (
        update device_values d set point_values = u.v, reported_at = ${REPORTED_AT}, revision = d.revision + 1, updated_at = now()
        from due as u where d.device_id = u.i and d.revision = u.r
        returning d.device_id
      ), inserted as (
        insert into device_values (device_id, point_values, reported_at)
        select u.i, u.v, ${REPORTED_AT} from due as u where u.r is null
        on conflict (device_id) do nothing
        returning device_id
      )${touch ? sql`, touched as (${touch})` : sql``}
      select r.n from (select ingest_batch_conflict(
          (select count(*) from latest as c join passed as p on p.i = c.i and p.k <> c.k)
          + (select count(*) from due) - (select count(*) from updated) - (select count(*) from inserted)) as conflicts) as c
      left join (select u.n from input as u
        where not exists (select from raw where raw.device_id = u.i and raw.day = u.d and raw.seq = u.s and raw.digest = u.g)) as r on true`.execute(
      db,
    ));
  } catch (error) {
    if ((error as { code?: unknown }).code === CONFLICT) return null;
    throw error;
  }
  const fresh = freshOf(
    candidates,
    repeated.filter((r): r is { n: string } => r.n !== null),
  );
  // A device's messages were all stored now, or none (then its row was not written).
  const stored = fresh.length === candidates.length ? null : new Set(fresh.map((m) => m.profile!.deviceId));
  const values: BatchResult['values'] = new Map();
  const latest: LatestWritten = new Map();
  for (const id of ids) {
    if (stored && !stored.has(id)) continue;
    const { message, row } = changes.get(id)!;
    values.set(id, { message, readings: row.readings });
    latest.set(id, whole.get(id)!);
  }
  return { fresh, values, faults: [], latest, refusals: [] };
}
