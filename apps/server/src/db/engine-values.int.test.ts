import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../test/migrated-database.ts';
import { takenRefusal } from '../http/unique-violations.ts';

const migrated = useMigratedDatabase();

/**
 * What the server reads for each column type of the schema, the same on PostgreSQL (node-postgres) and on PGlite: the
 * one seam between the two engines besides the SQL itself (database.ts). A type a migration starts to use fails the
 * first test until it has a sample here.
 */
const SAMPLES: Record<string, { literal: string; read: unknown }> = {
  int2: { literal: `3::int2`, read: 3 },
  int4: { literal: `2147483647::int4`, read: 2147483647 },
  int8: { literal: `'9007199254740993'::int8`, read: '9007199254740993' },
  numeric: { literal: `'12.50'::numeric`, read: '12.50' },
  float4: { literal: `1.5::float4`, read: 1.5 },
  float8: { literal: `2.25::float8`, read: 2.25 },
  bool: { literal: `true`, read: true },
  text: { literal: `'热泵 pump'::text`, read: '热泵 pump' },
  uuid: { literal: `'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid`, read: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' },
  date: { literal: `'2026-11-28'::date`, read: '2026-11-28' },
  timestamptz: { literal: `'2026-11-28 10:00:00.123+08'::timestamptz`, read: new Date('2026-11-28T02:00:00.123Z') },
  bytea: { literal: `'\\x0102ff'::bytea`, read: Buffer.from([1, 2, 255]) },
  jsonb: { literal: `'{"a":[1,"b",null],"c":{"d":true}}'::jsonb`, read: { a: [1, 'b', null], c: { d: true } } },
  _int2: { literal: `'{1,2}'::int2[]`, read: [1, 2] },
  _int4: { literal: `'{1,-2}'::int4[]`, read: [1, -2] },
  _int8: { literal: `'{9007199254740993,2}'::int8[]`, read: ['9007199254740993', '2'] },
  _float8: { literal: `'{1.5,NULL,2}'::float8[]`, read: [1.5, null, 2] },
  _text: { literal: `'{a,"b c",NULL}'::text[]`, read: ['a', 'b c', null] },
};

/** Reads every sample in one row, column `v_<type>`, by the query builder's path and by a prepared statement's. */
const SELECT_SAMPLES = `select ${Object.entries(SAMPLES)
  .map(([type, { literal }]) => `${literal} as v_${type}`)
  .join(', ')}`;

const expected = Object.fromEntries(Object.entries(SAMPLES).map(([type, { read }]) => [`v_${type}`, read]));

/** The value with its kind of object, so that a Uint8Array does not pass for a Buffer nor a Date for its text. */
const kinds = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, [value?.constructor?.name ?? null, value]]));

const zoneAtStart = process.env.TZ;
afterEach(() => {
  if (zoneAtStart === undefined) delete process.env.TZ;
  else process.env.TZ = zoneAtStart;
});

describe('values read from the database (the engine seam)', () => {
  it('have a sample for every column type of the schema', async () => {
    const { rows } = await sql<{ type: string }>`
      select distinct c.udt_name as type from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' order by 1`.execute(migrated().db);
    expect(rows.map((row) => row.type).filter((type) => !Object.hasOwn(SAMPLES, type))).toEqual([]);
  });

  // A zone east of UTC, as a server in China runs: a date parsed as local midnight would read as the day before in UTC.
  for (const zone of ['UTC', 'Asia/Shanghai']) {
    it(`read as the same JavaScript values on both engines, in a process whose zone is ${zone}`, async () => {
      process.env.TZ = zone;
      const database = migrated();
      const built = await sql<Record<string, unknown>>`${sql.raw(SELECT_SAMPLES)}`.execute(database.db);
      expect(kinds(built.rows[0]!)).toEqual(kinds(expected));
      const prepared = await database.prepared<Record<string, unknown>>(
        { name: 'engine_values', text: SELECT_SAMPLES },
        [],
      );
      expect(kinds(prepared[0]!)).toEqual(kinds(expected));
      const nulls = await sql<
        Record<string, unknown>
      >`select null::date as d, null::bytea as b, null::int8 as i`.execute(database.db);
      expect(nulls.rows[0]).toEqual({ d: null, b: null, i: null });
    });
  }

  it('answer a unique violation with the code, constraint and detail the refusal is chosen by', async () => {
    const { db } = migrated();
    const refusal = await db.transaction().execute(async (trx) => {
      await sql`create temporary table engine_values_taken (code text constraint devices_device_code_key unique)
        on commit drop`.execute(trx);
      await sql`insert into engine_values_taken values ('A1')`.execute(trx);
      return sql`insert into engine_values_taken values ('A1')`.execute(trx).then(
        () => 'inserted twice',
        (error: unknown) => ({ mapped: takenRefusal(error), detail: (error as { detail?: unknown }).detail }),
      );
    });
    expect(refusal).toEqual({
      mapped: expect.objectContaining({ field: 'deviceCode' }),
      detail: 'Key (code)=(A1) already exists.',
    });
  });
});
