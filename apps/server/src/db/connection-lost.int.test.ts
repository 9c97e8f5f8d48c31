import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { createScratchDatabase } from '../../test/test-database.ts';
import { openDatabase, type Database } from './database.ts';

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)("PostgreSQL ends the pool's idle connections", () => {
  let database: Database;
  let drop = async () => {};
  let scratchName = '';
  const lost: Error[] = [];

  beforeAll(async () => {
    const scratch = await createScratchDatabase(databaseUrl!);
    drop = scratch.drop;
    scratchName = new URL(scratch.url).pathname.slice(1);
    database = await openDatabase({
      databaseUrl: scratch.url,
      pgliteDir: null,
      poolSize: 2,
      onConnectionLost: (error) => lost.push(error),
    });
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('reports the loss instead of ending the process, and the next query opens a new connection', async () => {
    await sql`select 1`.execute(database.db);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [scratchName],
      );
    } finally {
      await admin.end();
    }
    await expect.poll(() => lost.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(lost[0]!.message).toContain('terminating connection');
    const { rows } = await sql<{ answer: number }>`select 2 as answer`.execute(database.db);
    expect(rows).toEqual([{ answer: 2 }]);
  });
});
