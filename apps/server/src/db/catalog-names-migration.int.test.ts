import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../test/migrated-database.ts';
import { migrate } from './migrate.ts';

const MIGRATION = '100_catalog_english_names.sql';

const migrated = useMigratedDatabase();

describe(`migration ${MIGRATION}`, () => {
  it("names the seed's one-language series, data types and protocol in both languages, and leaves a user's rows alone", async () => {
    const database = migrated();
    const db = database.db;
    // As the seed wrote them before issue 20's second pass: one language only.
    await db.deleteFrom('products').execute();
    await db.deleteFrom('series').execute();
    await db.updateTable('protocol_points').set({ data_type_id: null }).execute();
    await db.deleteFrom('data_types').execute();
    await db.deleteFrom('protocols').execute();
    const seed = { creator_name: 'Platform Operator', modifier_name: 'Platform Operator' };
    await db
      .insertInto('series')
      .values([
        { name: 'AirSourceHeatPump', ...seed },
        { name: '空气能热水器', ...seed },
        { name: 'MySeries', creator_name: 'Someone', modifier_name: 'Someone' },
      ])
      .execute();
    await db
      .insertInto('data_types')
      .values([
        { name: 'signed x0.1', ...seed },
        { name: 'unsigned', creator_name: 'Someone', modifier_name: 'Someone' },
      ])
      .execute();
    await db
      .insertInto('protocols')
      .values([
        { name: 'Heat_pump_standard', code: 'HP-STD', ...seed },
        { name: 'Other', code: 'OTHER', ...seed },
      ])
      .execute();
    await db
      .deleteFrom('schema_migrations' as never)
      .where('name' as never, '=', MIGRATION as never)
      .execute();
    // The columns exist already (the migration ran once); a second run must add them again.
    for (const table of ['series', 'data_types', 'protocols'])
      await sql.raw(`alter table ${table} drop column en_name`).execute(db);
    expect(await migrate(database)).toEqual([MIGRATION]);

    const names = async (table: 'series' | 'data_types' | 'protocols') =>
      (await db.selectFrom(table).select(['name', 'en_name']).orderBy('id').execute()).map((row) => [
        row.name,
        row.en_name,
      ]);
    expect(await names('series')).toEqual([
      ['空气源热泵', 'Air source heat pump'],
      ['空气能热水器', 'Air energy water heater'],
      ['MySeries', ''],
    ]);
    expect(await names('data_types')).toEqual([
      ['有符号 ×0.1', 'signed x0.1'],
      ['unsigned', ''],
    ]);
    expect(await names('protocols')).toEqual([
      ['热泵标准协议', 'Heat pump standard'],
      ['Other', ''],
    ]);
  });
});
