import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { newDealer } from '../../test/factories.ts';
import { useMigratedDatabase } from '../../test/migrated-database.ts';
import { migrate } from './migrate.ts';
import { insertEngineer } from './seed/people-records.ts';

const MIGRATION = '016_engineer_area_codes.sql';

const migrated = useMigratedDatabase();

describe(`migration ${MIGRATION}`, () => {
  it('turns typed areas that start with a province into its named cities or the province, and leaves other texts without areas', async () => {
    const database = migrated();
    const db = database.db;
    const dealerId = await newDealer(db);
    const typed = [
      '北京市海淀区、朝阳区',
      'Shanghai Pudong',
      '广东省深圳市南山区',
      '广东全省',
      '  inner mongolia ',
      '吉林省吉林市',
      '海淀区',
      'Somewhere else',
      '',
    ];
    const ids: string[] = [];
    for (const [index, area] of typed.entries()) {
      const id = await insertEngineer(db, {
        ownerDealerId: dealerId,
        phone: `1370000${String(index).padStart(4, '0')}`,
        name: `E${index}`,
        password: 'Engineer2024',
      });
      ids.push(id);
      await sql`update engineers set area = ${area} where user_id = ${id}`.execute(db);
    }
    // Back to the database as it was before the migration (typed areas only), then migrate again.
    await sql`alter table engineers drop column area_codes`.execute(db);
    await db
      .deleteFrom('schema_migrations' as never)
      .where('name' as never, '=', MIGRATION as never)
      .execute();
    expect(await migrate(database)).toEqual([MIGRATION]);

    // area is no column of the schema type any more: nothing may read it but this test.
    const rows = await db
      .selectFrom('engineers')
      .select(['user_id', 'area_codes', sql<string>`area`.as('area')])
      .where('user_id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.user_id, row]));
    expect(ids.map((id) => byId.get(id)?.area_codes)).toEqual([
      ['110105', '110108'],
      ['310000'],
      ['440300'],
      ['440000'],
      ['150000'],
      ['220200'],
      [],
      [],
      [],
    ]);
    // The typed text stays, unread.
    expect(ids.map((id) => byId.get(id)?.area)).toEqual(typed);
  });
});
