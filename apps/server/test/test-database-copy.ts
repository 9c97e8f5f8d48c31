import { openDatabase, type Database } from '../src/db/database.ts';
import { pgliteTemplate, postgresTemplate, type TemplateKind } from './database-templates.ts';
import { createScratchDatabase } from './test-database.ts';

/** A test's own database: a scratch PostgreSQL database (its URL) or an open in-memory PGlite. */
export interface TestDatabase {
  url: string | null;
  pglite: Database | null;
  /** Closes the PGlite, or drops the PostgreSQL database. */
  close(): Promise<void>;
}

/**
 * A database of the test's own, as a copy of the run's template of that kind when the run has one
 * (apps/server/test/global-setup.ts), otherwise empty: on PostgreSQL when DATABASE_URL is set, else PGlite.
 */
export async function openTestDatabase(kind: TemplateKind, poolSize: number): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const scratch = await createScratchDatabase(baseUrl, postgresTemplate(kind));
    return { url: scratch.url, pglite: null, close: scratch.drop };
  }
  const pglite = await openDatabase({
    databaseUrl: null,
    pgliteDir: null,
    poolSize,
    pgliteTemplate: await pgliteTemplate(kind),
  });
  return { url: null, pglite, close: () => pglite.close() };
}
