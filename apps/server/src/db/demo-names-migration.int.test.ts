import { describe, expect, it } from 'vitest';
import { newProduct } from '../../test/factories.ts';
import { useMigratedDatabase } from '../../test/migrated-database.ts';
import { migrate } from './migrate.ts';

const MIGRATION = '087_demo_names_in_chinese.sql';

const migrated = useMigratedDatabase();

describe(`migration ${MIGRATION}`, () => {
  it("gives the demo products seeded before it their Chinese names, and leaves any other product's name alone", async () => {
    const database = migrated();
    const db = database.db;
    const [pump, heater, other] = [await newProduct(db), await newProduct(db), await newProduct(db)];
    // As the seed wrote them before issue 20: Latin names in the Chinese name.
    await db
      .updateTable('products')
      .set({ name: 'HeatPump_A200', product_key: 'pkhpa200demo' })
      .where('id', '=', pump)
      .execute();
    await db
      .updateTable('products')
      .set({ name: 'SmartWaterHeater_X1', product_key: 'pkwhx1demo01' })
      .where('id', '=', heater)
      .execute();
    // Another product of the same Latin name, not the demo's: a user's name stays.
    await db.updateTable('products').set({ name: 'HeatPump_A2000' }).where('id', '=', other).execute();
    await db
      .deleteFrom('schema_migrations' as never)
      .where('name' as never, '=', MIGRATION as never)
      .execute();
    expect(await migrate(database)).toEqual([MIGRATION]);

    const names = await db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('id', 'in', [pump, heater, other])
      .execute();
    expect(Object.fromEntries(names.map((row) => [row.id, row.name]))).toEqual({
      [pump]: '空气源热泵 A200',
      [heater]: '智能热水器 X1',
      [other]: 'HeatPump_A2000',
    });
  });
});
