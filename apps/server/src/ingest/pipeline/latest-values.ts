import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PointReading } from './pipeline-decode.ts';
import type { ReadingTexts } from './reading-texts.ts';

/**
 * A device's points in device_values: each address once, with its value and report time. The usual
 * row is one frame's readings, all of one time (then `at` is that time and `readings` the frame's own
 * array: nothing copied); a merged row has a time per reading.
 */
export interface PointRow {
  readings: PointReading[];
  at: string | readonly string[];
}

/** A device's stored latest values (table device_values) at a revision. */
export interface LatestRow extends PointRow {
  revision: string;
}

/**
 * A row as the ingest's copy keeps it: its addresses and values in two flat arrays (a value of null
 * is NaN), not an object per reading. A kept row lives until the device's next frame, long enough
 * for the garbage collector to move it to the old generation: the frame's readings kept as they were
 * made it copy and later collect about a hundred objects per frame; this is three. The readings are
 * made again only when asked for (a merge, or a formula that names another point).
 */
export class KeptRow implements LatestRow {
  private constructor(
    readonly addresses: readonly number[],
    private readonly values: readonly number[],
    readonly at: string | readonly string[],
    readonly revision: string,
  ) {}

  /** `row` kept; the addresses array of `before` (the device's last kept row) is reused when they are the same. */
  static of(row: LatestRow, before?: KeptRow): KeptRow {
    const readings = row.readings;
    const n = readings.length;
    const values = new Array<number>(n);
    let same = before !== undefined && before.addresses.length === n;
    for (let k = 0; k < n; k++) {
      const { address, value } = readings[k]!;
      values[k] = value ?? NaN;
      if (same && before!.addresses[k] !== address) same = false;
    }
    const addresses = same ? before!.addresses : readings.map((r) => r.address);
    return new KeptRow(addresses, values, row.at, row.revision);
  }

  get readings(): PointReading[] {
    return this.addresses.map((address, k) => {
      const value = this.values[k]!;
      return { address, value: Number.isNaN(value) ? null : value };
    });
  }
}

/** A row's addresses in order. */
const addressesOf = (row: PointRow): readonly number[] =>
  row instanceof KeptRow ? row.addresses : row.readings.map((r) => r.address);

/** What a committed write left in device_values: the row written whole, or null when it was merged in SQL (not known here). */
export type LatestWritten = Map<string, LatestRow | null>;

const timeOf = (row: PointRow, k: number) => (typeof row.at === 'string' ? row.at : row.at[k]!);

/** The numeric values of a stored row by address (a device that never reported has none). */
export function numbersOf(values: Record<string, number | null> | undefined): Map<number, number> {
  const numbers = new Map<number, number>();
  for (const address in values) {
    const value = values[address];
    if (typeof value === 'number') numbers.set(Number(address), value);
  }
  return numbers;
}

/** A row as device_values stores it ({ address: value }, { address: time }) as a PointRow. */
function rowOf(values: Record<string, number | null>, times: Record<string, string>): PointRow {
  const readings: PointReading[] = [];
  const at: string[] = [];
  for (const address in values) {
    const value = values[address];
    readings.push({ address: Number(address), value: typeof value === 'number' ? value : null });
    at.push(times[address] ?? '');
  }
  return { readings, at };
}

/** True when `change` has every address of `before` (each has an address once). */
function covers(change: PointRow, before: PointRow): boolean {
  const a = change.readings;
  const b = addressesOf(before);
  if (a.length < b.length) return false;
  // The usual case, the same frame layout as last time: the same addresses in the same order.
  let k = 0;
  while (k < b.length && a[k]!.address === b[k]) k++;
  if (k === b.length) return true;
  const has = new Set(a.map((r) => r.address));
  return b.every((address) => has.has(address));
}

/** `before` with `change` over it: each address once, where it first came, with its last value and time. */
export function mergeRows(before: PointRow, change: PointRow): PointRow {
  const index = new Map<number, number>();
  const readings = [...before.readings];
  const at: string[] = [];
  readings.forEach((r, k) => {
    index.set(r.address, k);
    at.push(timeOf(before, k));
  });
  change.readings.forEach((r, c) => {
    const k = index.get(r.address);
    if (k === undefined) {
      index.set(r.address, readings.length);
      readings.push(r);
      at.push(timeOf(change, c));
    } else {
      readings[k] = r;
      at[k] = timeOf(change, c);
    }
  });
  return { readings, at };
}

/**
 * A row's report times as JSON grouped by time, { time: [addresses] }: the points of one frame share
 * its time, so this travels in a tenth of the bytes of { address: time }, which REPORTED_AT rebuilds in SQL.
 */
function timesJson(row: PointRow, texts: ReadingTexts): string {
  if (typeof row.at === 'string') return `{${JSON.stringify(row.at)}:[${texts.addresses}]}`;
  const grouped: Record<string, number[]> = {};
  // A time missing from a stored row ('') stays missing.
  row.readings.forEach((r, k) => {
    if (row.at[k]) (grouped[row.at[k]!] ??= []).push(r.address);
  });
  return JSON.stringify(grouped);
}

/**
 * One device's element of the recordset the latest values' statements read: id i, values v, report
 * times a, and `r` the revision expected (if any), `k` the messages that made the row (if told).
 */
export function rowJson(
  id: string,
  row: PointRow,
  textsOf: (readings: readonly PointReading[]) => ReadingTexts,
  revision?: string,
  messages?: number,
): string {
  const texts = textsOf(row.readings);
  const r = revision === undefined ? '' : `,"r":"${revision}"`;
  const k = messages === undefined ? '' : `,"k":${messages}`;
  return `{"i":"${id}","v":${texts.json},"a":${timesJson(row, texts)}${r}${k}}`;
}

/** device_values.reported_at of the recordset's row `u` ({ address: time } from its times grouped by time). */
export const REPORTED_AT = sql`coalesce((select jsonb_object_agg(address, t.key) from jsonb_each(u.a) as t, jsonb_array_elements_text(t.value) as address), '{}'::jsonb)`;

/**
 * The ingest's copy of device_values for the devices it saw last (at most `maxDevices`, least recently
 * used dropped first): a batch reads only the rows it does not hold. A copy that another writer made
 * stale is caught by the revision check of `writeLatest` and dropped.
 */
export function latestValuesCache(db: Kysely<DB>, maxDevices: number) {
  const rows = new Map<string, KeptRow>();
  const keep = (id: string, row: LatestRow) => {
    const before = rows.get(id);
    const kept = row instanceof KeptRow ? row : KeptRow.of(row, before);
    rows.delete(id);
    rows.set(id, kept);
    if (rows.size > maxDevices) rows.delete(rows.keys().next().value!);
  };
  return {
    /** The rows of these devices (devices that never reported have none). */
    async read(deviceIds: readonly string[]): Promise<Map<string, LatestRow>> {
      const found = new Map<string, LatestRow>();
      const missing: string[] = [];
      for (const id of deviceIds) {
        const row = rows.get(id);
        if (row) found.set(id, row);
        else missing.push(id);
      }
      if (missing.length > 0) {
        const stored = await db
          .selectFrom('device_values')
          .select(['device_id', 'point_values', 'reported_at', 'revision'])
          .where('device_id', 'in', missing)
          .execute();
        for (const r of stored)
          found.set(r.device_id, { ...rowOf(r.point_values, r.reported_at), revision: String(r.revision) });
      }
      for (const [id, row] of found) keep(id, row);
      return found;
    },
    /** After the commit: what the batch wrote. */
    remember(written: LatestWritten): void {
      for (const [id, row] of written) {
        if (row) keep(id, row);
        else rows.delete(id);
      }
    },
  };
}

/**
 * Each device's row as the batch leaves it, to be written whole at the revision after the one read:
 * the change merged with the row read before the batch (`ids` in the order to write them).
 */
export function wholeRows(
  ids: readonly string[],
  changes: ReadonlyMap<string, PointRow>,
  read: ReadonlyMap<string, LatestRow>,
): Map<string, LatestRow> {
  const whole = new Map<string, LatestRow>();
  for (const id of ids) {
    const before = read.get(id);
    const change = changes.get(id)!;
    const revision = before ? String(BigInt(before.revision) + 1n) : '0';
    // A device that reported every point it had (the usual frame) replaces its row: nothing to merge.
    const row = !before || covers(change, before) ? change : mergeRows(before, change);
    whole.set(id, { readings: row.readings, at: row.at, revision });
  }
  return whole;
}

/** Ids in the order the batch's statements lock their rows. */
export const byId = (a: string, b: string) => Number(a) - Number(b);

/**
 * Writes the batch's changes: each device's row merged in memory with the row read before the batch
 * and written whole, at the revision read (a jsonb `||` merge in SQL cost three times as much). A row
 * another writer changed since (or created) is merged in SQL instead, so nothing is lost. Rows are
 * locked in id order, as the other statements of the batch do. `alongside`, a statement of the same
 * transaction that does not touch device_values, runs in the first statement (one round trip less).
 * Answers what it wrote.
 */
export async function writeLatest(
  tx: Transaction<DB>,
  changes: ReadonlyMap<string, PointRow>,
  read: ReadonlyMap<string, LatestRow>,
  textsOf: (readings: readonly PointReading[]) => ReadingTexts,
  alongside: RawBuilder<unknown> | null = null,
): Promise<LatestWritten> {
  const written: LatestWritten = new Map();
  let pending = alongside;
  const withPending = () => {
    const statement = pending;
    pending = null;
    return statement ? sql`with alongside as (${statement}) ` : sql``;
  };
  if (changes.size === 0) {
    await pending?.execute(tx);
    return written;
  }
  const ids = [...changes.keys()].sort(byId);
  const whole = wholeRows(ids, changes, read);
  const known = ids.filter((id) => read.has(id));
  const unknown = ids.filter((id) => !read.has(id));
  // The recordset as JSON text, the values' text made once with the history's (reading-texts.ts).
  const json = (list: readonly string[]) =>
    `[${list.map((i) => rowJson(i, whole.get(i)!, textsOf, read.get(i)?.revision ?? '0')).join(',')}]`;
  const done = new Set<string>();
  if (known.length > 0) {
    const { rows } = await sql<{ device_id: string }>`${withPending()}
      update device_values d set point_values = u.v, reported_at = ${REPORTED_AT}, revision = d.revision + 1, updated_at = now()
      from jsonb_to_recordset(${json(known)}::jsonb) as u(i bigint, v jsonb, a jsonb, r bigint)
      where d.device_id = u.i and d.revision = u.r
      returning d.device_id`.execute(tx);
    for (const r of rows) done.add(String(r.device_id));
  }
  if (unknown.length > 0) {
    const { rows } = await sql<{ device_id: string }>`${withPending()}
      insert into device_values (device_id, point_values, reported_at)
      select u.i, u.v, ${REPORTED_AT} from jsonb_to_recordset(${json(unknown)}::jsonb) as u(i bigint, v jsonb, a jsonb, r bigint)
      on conflict (device_id) do nothing
      returning device_id`.execute(tx);
    for (const r of rows) done.add(String(r.device_id));
  }
  const stale = ids.filter((id) => !done.has(id));
  if (stale.length > 0) await mergeInSql(tx, stale, changes, textsOf);
  for (const id of ids) written.set(id, done.has(id) ? whole.get(id)! : null);
  return written;
}

async function mergeInSql(
  tx: Transaction<DB>,
  ids: readonly string[],
  changes: ReadonlyMap<string, PointRow>,
  textsOf: (readings: readonly PointReading[]) => ReadingTexts,
): Promise<void> {
  const rows = ids.map((i) => rowJson(i, changes.get(i)!, textsOf));
  await sql`
    insert into device_values (device_id, point_values, reported_at, updated_at)
    select u.i, u.v, ${REPORTED_AT}, now() from jsonb_to_recordset(${`[${rows.join(',')}]`}::jsonb)
      as u(i bigint, v jsonb, a jsonb)
    on conflict (device_id) do update set point_values = device_values.point_values || excluded.point_values,
      reported_at = device_values.reported_at || excluded.reported_at, revision = device_values.revision + 1, updated_at = now()`.execute(
    tx,
  );
}
