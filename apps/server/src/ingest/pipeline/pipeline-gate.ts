import { sql, type RawBuilder, type Transaction } from 'kysely';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { DB } from '../../db/schema.ts';
import type { DecodedMessage } from './pipeline-decode.ts';
import type { ReadingTexts } from './reading-texts.ts';
import type { PointReading } from './pipeline-decode.ts';
import { trafficUpsert } from './traffic.ts';
import { zonedDay } from '@dcc/contract';

/** The idempotency key of a message (device, day, frame sequence number, payload CRC): a batch keeps one message per key. */
export const keyOf = (m: DecodedMessage) => `${m.profile!.deviceId}|${m.day}|${m.seq}|${m.digest}`;

/** A text[] literal whose elements are the array literals `{list}` of these comma-separated lists (quoted: they hold braces and commas), NULL for none. */
const literalsOfLists = (lists: ReadonlyArray<string | null>): string =>
  `{${lists.map((list) => (list === null ? 'NULL' : `"{${list}}"`)).join(',')}}`;

const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The platform day of each instant (zonedDay), made once per quarter hour of UTC: zones are offset by
 * whole quarter hours, so a quarter hour of UTC lies in one day of the zone.
 */
function zonedDays(timeZone: string): (at: Date) => string {
  let quarter = NaN;
  let day = '';
  return (at) => {
    const q = Math.floor(at.getTime() / QUARTER_HOUR_MS);
    if (q !== quarter) {
      quarter = q;
      day = zonedDay(at, timeZone);
    }
    return day;
  };
}

/**
 * The batch's first statement: the raw packet insert, which is the idempotency gate (a message whose
 * key is already stored changes nothing else), and what depends only on which messages passed it: the
 * history rows of the accepted messages with readings and the uplink traffic, in the same statement
 * (one round trip instead of three). Answers the candidates stored for the first time.
 */
export async function storeFresh(
  tx: Transaction<DB>,
  candidates: readonly DecodedMessage[],
  options: GateOptions,
  textsOf: (readings: readonly PointReading[]) => ReadingTexts,
): Promise<DecodedMessage[]> {
  if (candidates.length === 0) return [];
  const { rows } = await sql<{ n: string }>`${gateCtes(candidates, options, textsOf)}
    ${REPEATED}`.execute(tx);
  return freshOf(candidates, rows);
}

export interface GateOptions {
  maxLoggedBytes: number;
  timeZone: string;
}

/** The candidates already stored (their `n`), which the gate's statement answers. */
export const REPEATED = sql`select u.n from input as u
    where not exists (select from raw where raw.device_id = u.i and raw.day = u.d and raw.seq = u.s and raw.digest = u.g)`;

/** The candidates but those answered as already stored (by position from 1; usually none). */
export function freshOf(
  candidates: readonly DecodedMessage[],
  repeated: ReadonlyArray<{ n: string }>,
): DecodedMessage[] {
  if (repeated.length === 0) return [...candidates];
  const stored = new Set(repeated.map((r) => Number(r.n) - 1));
  return candidates.filter((_, k) => !stored.has(k));
}

/**
 * The gate's common table expressions: the candidates travel once, as one recordset (`input`: day d,
 * device i, time a, sequence s, digest g, ..., history addresses ad and values v, position n) that each
 * part reads; `raw` answers the keys stored for the first time.
 */
export function gateCtes(
  candidates: readonly DecodedMessage[],
  { maxLoggedBytes, timeZone }: GateOptions,
  textsOf: (readings: readonly PointReading[]) => ReadingTexts,
): RawBuilder<unknown> {
  // The columns in one pass, sent as array literals (arrayLiteral: no per-element escaping by pg).
  const n = candidates.length;
  const day = new Array<string>(n);
  const id = new Array<string>(n);
  const at = new Array<string>(n);
  const seq = new Array<number>(n);
  const digest = new Array<number>(n);
  const payloads = new Array<string>(n);
  const kinds = new Array<string | null>(n);
  const refusals = new Array<string | null>(n);
  const bytes = new Array<number>(n);
  // The traffic's day is the platform's (the partition day above is UTC's).
  const trafficDays = new Array<string>(n);
  const trafficDay = zonedDays(timeZone);
  // A ragged two-dimensional array cannot be a parameter: each row's arrays travel in their text form
  // (null for a message without history: refused, or without readings).
  const addresses = new Array<string | null>(n);
  const values = new Array<string | null>(n);
  for (let k = 0; k < n; k++) {
    const m = candidates[k]!;
    day[k] = m.day;
    id[k] = m.profile!.deviceId;
    at[k] = m.at;
    seq[k] = m.seq;
    digest[k] = m.digest;
    payloads[k] = m.message.payload.subarray(0, maxLoggedBytes).toString('base64');
    kinds[k] = m.kind;
    refusals[k] = m.refusal;
    bytes[k] = m.message.payload.length;
    trafficDays[k] = trafficDay(m.message.receivedAt);
    if (m.refusal || m.readings.length === 0) {
      addresses[k] = null;
      values[k] = null;
      continue;
    }
    const texts = textsOf(m.readings);
    addresses[k] = texts.addresses;
    values[k] = texts.values;
  }
  return sql`
    with input as (
      select * from unnest(
        ${arrayLiteral(day)}::date[], ${arrayLiteral(id)}::bigint[], ${arrayLiteral(at)}::timestamptz[], ${arrayLiteral(seq)}::int[],
        ${arrayLiteral(digest)}::int[], ${arrayLiteral(payloads)}::text[], ${arrayLiteral(kinds)}::text[], ${arrayLiteral(refusals)}::text[],
        ${arrayLiteral(bytes)}::bigint[], ${arrayLiteral(trafficDays)}::date[], ${literalsOfLists(addresses)}::text[], ${literalsOfLists(values)}::text[]
      ) with ordinality as u(d, i, a, s, g, p, k, r, b, td, ad, v, n)
    ), raw as (
      insert into raw_packets (day, device_id, at, seq, digest, payload, kind, refusal)
      select d, i, a, s, g, decode(p, 'base64'), k, r from input order by n
      on conflict do nothing
      returning device_id, day, seq, digest
    ), history as (
      insert into telemetry_history (day, device_id, at, seq, digest, addresses, point_values)
      select u.d, u.i, u.a, u.s, u.g, u.ad::int[], u.v::float8[] from input as u
      join raw on raw.device_id = u.i and raw.day = u.d and raw.seq = u.s and raw.digest = u.g
      where u.ad is not null
      on conflict do nothing
    ), traffic as (${trafficUpsert(
      'up',
      sql`
      select u.i, u.td, sum(u.b), count(*) from input as u
      join raw on raw.device_id = u.i and raw.day = u.d and raw.seq = u.s and raw.digest = u.g
      group by u.i, u.td order by u.i, u.td`,
    )})`;
}
