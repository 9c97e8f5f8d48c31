import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { newDealer, newUser } from '../../test/factories.ts';
import { useMigratedDatabase } from '../../test/migrated-database.ts';
import { migrate } from './migrate.ts';
import { insertMember, insertRole } from './seed/people.ts';

const MIGRATION = '013_builtin_role_names.sql';

const migrated = useMigratedDatabase();

/** A dealer whose administrator holds a role of the given name (as addDealers stored it before 013). */
async function dealerWithAdminRole(name: string): Promise<string> {
  const db = migrated().db;
  const dealerId = await newDealer(db);
  const admin = await newUser(db);
  const roleId = await insertRole(db, { dealerId, name, buttons: [] });
  await insertMember(db, { dealerId, userId: admin.id, roleIds: [roleId] });
  await sql`update dealers set admin_user_id = ${admin.id} where id = ${dealerId}`.execute(db);
  return roleId;
}

describe(`migration ${MIGRATION}`, () => {
  it("makes the administrator roles stored in their creator's language built-in, and leaves every other role as it was", async () => {
    const database = migrated();
    const db = database.db;
    const chinese = await dealerWithAdminRole('管理员');
    const english = await dealerWithAdminRole('Administrator');
    const renamed = await dealerWithAdminRole('Head office');
    const memberAdmin = await insertRole(db, { dealerId: await newDealer(db), name: '管理员', buttons: [] });
    // Back to the database as it was before the migration, then migrate again.
    await sql`alter table roles drop column builtin`.execute(db);
    await db
      .deleteFrom('schema_migrations' as never)
      .where('name' as never, '=', MIGRATION as never)
      .execute();
    expect(await migrate(database)).toEqual([MIGRATION]);

    const rows = await db
      .selectFrom('roles')
      .select(['id', 'name', 'builtin'])
      .where('id', 'in', [chinese, english, renamed, memberAdmin])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(chinese)).toMatchObject({ name: '管理员', builtin: 'admin' });
    expect(byId.get(english)).toMatchObject({ name: 'Administrator', builtin: 'admin' });
    expect(byId.get(renamed)).toMatchObject({ name: 'Head office', builtin: null });
    expect(byId.get(memberAdmin)).toMatchObject({ name: '管理员', builtin: null });
  });
});
