/**
 * Telemetry row layout (issue 10, ingest): one row per frame (addresses and values as arrays) against
 * one row per value, both written with one batched `insert ... select from unnest(...)` per batch of
 * frames, on the same day-partitioned shape with the idempotency index. Prints values/s of each.
 *
 *   node --import tsx bench/telemetry-layout.ts                                                        # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/telemetry-layout.ts   # PostgreSQL
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { createScratchDatabase } from '../apps/server/test/test-database.ts';

const FRAMES = Number(process.env.BENCH_FRAMES ?? 20_000);
const BATCH = 500;
const POINTS = 50;
const url = process.env.DATABASE_URL ?? null;
const scratch = url ? await createScratchDatabase(url) : null;
const database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolSize: 2 });
const db = database.db;
const day = new Date().toISOString().slice(0, 10);

await sql`create table per_frame (day date not null, device_id bigint not null, at timestamptz not null, seq integer not null, digest integer not null, addresses integer[] not null, point_values double precision[] not null) partition by range (day)`.execute(
  db,
);
await sql
  .raw(`create table per_frame_d partition of per_frame for values from ('${day}') to ('${day}'::date + 1)`)
  .execute(db);
await sql`create unique index on per_frame (device_id, day, seq, digest)`.execute(db);
await sql`create index on per_frame (device_id, at)`.execute(db);
await sql`create table per_value (day date not null, device_id bigint not null, at timestamptz not null, seq integer not null, digest integer not null, address integer not null, value double precision) partition by range (day)`.execute(
  db,
);
await sql
  .raw(`create table per_value_d partition of per_value for values from ('${day}') to ('${day}'::date + 1)`)
  .execute(db);
await sql`create unique index on per_value (device_id, day, seq, digest, address)`.execute(db);
await sql`create index on per_value (device_id, address, at)`.execute(db);

const addresses = Array.from({ length: POINTS }, (_, k) => k + 1);
const pgArray = (xs: readonly number[]) => `{${xs.join(',')}}`;

async function perFrame(start: number): Promise<void> {
  const ids: number[] = [],
    ats: string[] = [],
    seqs: number[] = [],
    digests: number[] = [],
    addrs: string[] = [],
    vals: string[] = [];
  for (let k = start; k < start + BATCH; k++) {
    ids.push(k % 1000);
    ats.push(new Date().toISOString());
    seqs.push(k);
    digests.push(k);
    addrs.push(pgArray(addresses));
    vals.push(pgArray(addresses.map((a) => a * 0.5 + k)));
  }
  // unnest cannot take a ragged two-dimensional array: each row's arrays travel in their text form.
  await sql`insert into per_frame select ${day}::date, d, a, s, g, ad::int[], v::float8[] from unnest(${ids}::bigint[], ${ats}::timestamptz[], ${seqs}::int[], ${digests}::int[], ${addrs}::text[], ${vals}::text[]) as u(d, a, s, g, ad, v) on conflict do nothing`.execute(
    db,
  );
}

async function perValue(start: number): Promise<void> {
  const ids: number[] = [],
    ats: string[] = [],
    seqs: number[] = [],
    digests: number[] = [],
    addrs: number[] = [],
    vals: number[] = [];
  for (let k = start; k < start + BATCH; k++) {
    const at = new Date().toISOString();
    for (const a of addresses) {
      ids.push(k % 1000);
      ats.push(at);
      seqs.push(k);
      digests.push(k);
      addrs.push(a);
      vals.push(a * 0.5 + k);
    }
  }
  await sql`insert into per_value select ${day}::date, * from unnest(${ids}::bigint[], ${ats}::timestamptz[], ${seqs}::int[], ${digests}::int[], ${addrs}::int[], ${vals}::float8[]) on conflict do nothing`.execute(
    db,
  );
}

async function measure(name: string, write: (start: number) => Promise<void>): Promise<void> {
  const t0 = performance.now();
  for (let k = 0; k < FRAMES; k += BATCH) await write(k);
  const s = (performance.now() - t0) / 1000;
  console.log(
    `${name}: ${FRAMES} frames x ${POINTS} points in ${s.toFixed(2)} s = ${Math.round(FRAMES / s)} frames/s, ${Math.round((FRAMES * POINTS) / s)} values/s`,
  );
}

console.log(`${url ? 'PostgreSQL' : 'PGlite'}, batches of ${BATCH} frames`);
await measure('one row per frame (arrays)', perFrame);
await measure('one row per value         ', perValue);
const size = async (t: string) =>
  (await sql<{ s: string }>`select pg_size_pretty(pg_total_relation_size(${t}::regclass)) as s`.execute(db)).rows[0]!.s;
console.log(`size: per frame ${await size('per_frame_d')}, per value ${await size('per_value_d')}`);
const t1 = performance.now();
await sql`select at, point_values[array_position(addresses, 3)] from per_frame where device_id = 7 and at > now() - interval '1 day'`.execute(
  db,
);
const t2 = performance.now();
await sql`select at, value from per_value where device_id = 7 and address = 3 and at > now() - interval '1 day'`.execute(
  db,
);
console.log(
  `one device, one point, ${FRAMES / 1000} rows: per frame ${(t2 - t1).toFixed(1)} ms, per value ${(performance.now() - t2).toFixed(1)} ms`,
);
await database.close();
await scratch?.drop();
