import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { createScratchDatabase } from './test-database.ts';

/**
 * A migrated database for the test file: PGlite, or a scratch PostgreSQL database of its own when
 * DATABASE_URL is set. Migration tests put rows back as they were before a migration and run it again.
 */
export function useMigratedDatabase(): () => Database {
  let database: Database | undefined;
  let dropScratch = async () => {};
  beforeAll(async () => {
    const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
    if (scratch) dropScratch = scratch.drop;
    database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolSize: 1 });
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await dropScratch();
  });
  return () => {
    if (!database) throw new Error('the migrated database opens in beforeAll');
    return database;
  };
}
