import { sql, type Transaction } from 'kysely';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { DB } from '../../db/schema.ts';
import type { DecodedMessage } from './pipeline-decode.ts';
import type { ReadingTexts } from './reading-texts.ts';
import type { PointReading } from './pipeline-decode.ts';
import { trafficUpsert } from './traffic.ts';
import { zonedDay } from '@dcc/contract';

/** The idempotency key of a message (device, day, frame sequence number, payload CRC): a batch keeps one message per key. */
export const keyOf = (m: DecodedMessage) => `${m.profile!.deviceId}|${m.day}|${m.seq}|${m.digest}`;

/** A text[] literal whose elements are the array literals `{list}` of these comma-separated lists (quoted: they hold braces and commas). */
const literalsOfLists = (lists: readonly string[]) => (lists.length === 0 ? '{}' : `{"{${lists.join('}","{')}}"}`);

/**
 * The batch's first statement: the raw packet insert, which is the idempotency gate (a message whose
 * key is already stored changes nothing else), and what depends only on which messages passed it: the
 * history rows of the accepted messages with readings and the uplink traffic, in the same statement
 * (one round trip instead of three). Answers the candidates stored for the first time.
 */
export async function storeFresh(
  tx: Transaction<DB>,
  candidates: readonly DecodedMessage[],
  { maxLoggedBytes, timeZone }: { maxLoggedBytes: number; timeZone: string },
  textsOf: (readings: readonly PointReading[]) => ReadingTexts,
): Promise<DecodedMessage[]> {
  if (candidates.length === 0) return [];
  // The columns in one pass, sent as array literals (arrayLiteral: no per-element escaping by pg).
  const raw = {
    day: [] as string[],
    id: [] as string[],
    at: [] as string[],
    seq: [] as number[],
    digest: [] as number[],
  };
  const payloads: string[] = [];
  const kinds: Array<string | null> = [];
  const refusals: Array<string | null> = [];
  const bytes: number[] = [];
  // The traffic's day is the platform's (the partition day above is UTC's).
  const trafficDays: string[] = [];
  const history = {
    day: [] as string[],
    id: [] as string[],
    at: [] as string[],
    seq: [] as number[],
    digest: [] as number[],
  };
  // A ragged two-dimensional array cannot be a parameter: each row's arrays travel in their text form.
  const addresses: string[] = [];
  const values: string[] = [];
  for (const m of candidates) {
    const id = m.profile!.deviceId;
    raw.day.push(m.day);
    raw.id.push(id);
    raw.at.push(m.at);
    raw.seq.push(m.seq);
    raw.digest.push(m.digest);
    payloads.push(m.message.payload.subarray(0, maxLoggedBytes).toString('base64'));
    kinds.push(m.kind);
    refusals.push(m.refusal);
    bytes.push(m.message.payload.length);
    trafficDays.push(zonedDay(m.at, timeZone));
    if (m.refusal || m.readings.length === 0) continue;
    history.day.push(m.day);
    history.id.push(id);
    history.at.push(m.at);
    history.seq.push(m.seq);
    history.digest.push(m.digest);
    const texts = textsOf(m.readings);
    addresses.push(texts.addresses);
    values.push(texts.values);
  }
  const day = arrayLiteral(raw.day);
  const id = arrayLiteral(raw.id);
  const seq = arrayLiteral(raw.seq);
  const digest = arrayLiteral(raw.digest);
  const { rows } = await sql<{ n: string }>`
    with raw as (
      insert into raw_packets (day, device_id, at, seq, digest, payload, kind, refusal)
      select d, i, a, s, g, decode(p, 'base64'), k, r from unnest(
        ${day}::date[], ${id}::bigint[], ${arrayLiteral(raw.at)}::timestamptz[], ${seq}::int[], ${digest}::int[],
        ${arrayLiteral(payloads)}::text[], ${arrayLiteral(kinds)}::text[], ${arrayLiteral(refusals)}::text[]
      ) as u(d, i, a, s, g, p, k, r)
      on conflict do nothing
      returning device_id, day, seq, digest
    ), history as (
      insert into telemetry_history (day, device_id, at, seq, digest, addresses, point_values)
      select u.d, u.i, u.a, u.s, u.g, u.ad::int[], u.v::float8[] from unnest(
        ${arrayLiteral(history.day)}::date[], ${arrayLiteral(history.id)}::bigint[], ${arrayLiteral(history.at)}::timestamptz[],
        ${arrayLiteral(history.seq)}::int[], ${arrayLiteral(history.digest)}::int[],
        ${literalsOfLists(addresses)}::text[], ${literalsOfLists(values)}::text[]
      ) as u(d, i, a, s, g, ad, v)
      join raw on raw.device_id = u.i and raw.day = u.d and raw.seq = u.s and raw.digest = u.g
      on conflict do nothing
    ), traffic as (${trafficUpsert(
      'up',
      sql`
      select u.i, u.td, sum(u.b), count(*) from unnest(${id}::bigint[], ${day}::date[], ${seq}::int[], ${digest}::int[], ${arrayLiteral(bytes)}::bigint[], ${arrayLiteral(trafficDays)}::date[]) as u(i, d, s, g, b, td)
      join raw on raw.device_id = u.i and raw.day = u.d and raw.seq = u.s and raw.digest = u.g
      group by u.i, u.td order by u.i, u.td`,
    )})
    select u.n from unnest(${id}::bigint[], ${day}::date[], ${seq}::int[], ${digest}::int[]) with ordinality as u(i, d, s, g, n)
    where not exists (select from raw where raw.device_id = u.i and raw.day = u.d and raw.seq = u.s and raw.digest = u.g)`.execute(
    tx,
  );
  // The answer lists the candidates already stored (by position from 1; usually none), not a row per message stored.
  const stored = new Set(rows.map((r) => Number(r.n) - 1));
  return candidates.filter((_, k) => !stored.has(k));
}
