import { Button } from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/test-database.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';
import { syncButtons } from './seed/buttons.ts';
import { insertDealer } from './seed/people.ts';

const REPAIR = '009_platform_only_buttons.sql';

/** Roles seeded before migration 009 (a dealer's admin role copied its creator's buttons) are repaired by it. */
describe('migration 009 repairs roles below the platform', () => {
  it('removes platform-only buttons from roles of level 1-5 companies and keeps them at level 0', async () => {
    const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
    const database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolSize: 1 });
    try {
      // Every migration before 009: it is recorded as applied so that migrate() stops short of it.
      await database.exclusively((run) =>
        run(
          `create table schema_migrations (name text primary key, applied_at timestamptz not null default now()); insert into schema_migrations (name) values ('${REPAIR}')`,
        ),
      );
      await migrate(database);
      const { db } = database;
      await syncButtons(db);
      const platform = await insertDealer(db, { name: 'Platform', code: 'R-P', level: 0, parentId: null });
      const dealer = await insertDealer(db, { name: 'Dealer', code: 'R-D', level: 1, parentId: platform });
      const seeded = [
        Button.HOME,
        Button.SYSTEM_MANAGE,
        Button.MESSAGES,
        Button.SLIDE_IMAGES,
        Button.SCREEN_LINKS,
        Button.DEALERS,
      ];
      const roleOf = async (dealerId: string) => {
        const role = await db
          .insertInto('roles')
          .values({ dealer_id: dealerId, name: 'Admin' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('role_buttons')
          .values(seeded.map((button_id) => ({ role_id: role.id, button_id })))
          .execute();
        return role.id;
      };
      const [platformRole, dealerRole] = [await roleOf(platform), await roleOf(dealer)];

      await database.exclusively((run) => run(`delete from schema_migrations where name = '${REPAIR}'`));
      expect(await migrate(database)).toEqual([REPAIR]);

      const buttonsOf = async (roleId: string) =>
        (await db.selectFrom('role_buttons').select('button_id').where('role_id', '=', roleId).execute())
          .map((row) => row.button_id)
          .sort();
      expect(await buttonsOf(dealerRole)).toEqual([Button.DEALERS, Button.HOME].sort());
      expect(await buttonsOf(platformRole)).toEqual([...seeded].sort());
    } finally {
      await database.close();
      await scratch?.drop();
    }
  });
});
