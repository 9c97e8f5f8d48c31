import { openDatabase, type Database } from '../src/db/database.ts';
import { loadLinkConfig } from '../src/link-config.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { createScratchDatabase } from './test-database.ts';

/**
 * One scratch PostgreSQL database that several server instances of a test use, each through a pool of its
 * own (as separate processes would). PostgreSQL only: an embedded PGlite belongs to one process.
 */
export interface SharedDatabase {
  url: string;
  /** A new pool on the database: one per instance. */
  open(): Promise<Database>;
  /** Closes the pools opened and drops the database. */
  dispose(): Promise<void>;
}

export async function createSharedDatabase(baseUrl: string): Promise<SharedDatabase> {
  const scratch = await createScratchDatabase(baseUrl);
  const pools: Database[] = [];
  return {
    url: scratch.url,
    async open() {
      const database = await openDatabase({
        databaseUrl: scratch.url,
        pgliteDir: null,
        poolSize: 8,
        onConnectionLost: () => undefined,
      });
      pools.push(database);
      return database;
    },
    async dispose() {
      for (const database of pools) await database.close();
      await scratch.drop();
    },
  };
}

/** A server instance with its embedded broker (a spare port) on the shared database, sharing its device event bus. */
export async function startInstance(shared: SharedDatabase): Promise<TestApp> {
  return startTestApp(
    { link: { ...loadLinkConfig({}), mqttPort: 0, mqttHost: '127.0.0.1' }, databaseUrl: shared.url },
    { database: await shared.open() },
  );
}
