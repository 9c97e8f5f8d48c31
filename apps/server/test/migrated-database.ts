import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openTestDatabase, type TestDatabase } from './test-database-copy.ts';

/**
 * A migrated database for the test file: PGlite, or a scratch PostgreSQL database of its own when
 * DATABASE_URL is set; a copy of the run's migrated template when there is one (migrate then has
 * nothing left to do). Migration tests put rows back as they were before a migration and run it again.
 */
export function useMigratedDatabase(): () => Database {
  let own: TestDatabase | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    own = await openTestDatabase('migrated', 1);
    database = own.pglite ?? (await openDatabase({ databaseUrl: own.url, pgliteDir: null, poolSize: 1 }));
    await migrate(database);
  });
  afterAll(async () => {
    if (database !== own?.pglite) await database?.close();
    await own?.close();
  });
  return () => {
    if (!database) throw new Error('the migrated database opens in beforeAll');
    return database;
  };
}
