import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { pgliteTemplate, postgresTemplate } from '../../test/database-templates.ts';
import { createScratchDatabase, onAdminConnection } from '../../test/test-database.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate, migrationFiles } from '../db/migrate.ts';
import { readinessCheck } from './readiness.ts';

const databaseUrl = process.env.DATABASE_URL;

/**
 * /readyz follows the database: unready while PostgreSQL refuses this server's database (ALTER DATABASE ...
 * ALLOW_CONNECTIONS false and its connections ended, as a stopped or failed-over database looks to the server),
 * ready again once it accepts them.
 */
describe.skipIf(!databaseUrl)('/readyz while the PostgreSQL database is away (PostgreSQL only)', () => {
  const env = {} as { t: TestApp; database: Database; name: string; drop: () => Promise<void> };
  beforeAll(async () => {
    const scratch = await createScratchDatabase(databaseUrl!, postgresTemplate('migrated'));
    env.drop = scratch.drop;
    env.name = new URL(scratch.url).pathname.slice(1);
    env.database = await openDatabase({
      databaseUrl: scratch.url,
      pgliteDir: null,
      poolSize: 4,
      onConnectionLost: () => undefined,
    });
    env.t = await startTestApp({ seedDemo: false }, { database: env.database });
  });
  afterAll(async () => {
    await env.t?.close();
    await env.database?.close();
    await onAdminConnection(databaseUrl!, async (admin) => {
      await admin.query(`alter database ${env.name} allow_connections true`);
    }).catch(() => undefined);
    await env.drop?.();
  });

  const readyz = async () => {
    const answer = await env.t.app.inject({ method: 'GET', url: '/readyz' });
    return { status: answer.statusCode, ...(answer.json() as { database: string }) };
  };

  it('turns unready when the database goes away and ready again when it returns', async () => {
    expect(await readyz()).toMatchObject({ status: 200, database: 'up' });
    await onAdminConnection(databaseUrl!, async (admin) => {
      await admin.query(`alter database ${env.name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [env.name]);
    });
    await expect.poll(readyz).toMatchObject({ status: 503, ready: false, database: 'down' });
    await onAdminConnection(databaseUrl!, async (admin) => {
      await admin.query(`alter database ${env.name} allow_connections true`);
    });
    await expect.poll(readyz).toMatchObject({ status: 200, ready: true, database: 'up' });
  });
});

/** PGlite lives inside the server process and cannot go away apart from it: the check is shown to fail on a closed one. */
/** A migrated in-memory PGlite (a copy of the run's template when there is one) and its newest migration. */
async function migratedPglite(): Promise<{ database: Database; latest: string }> {
  const database = await openDatabase({
    databaseUrl: null,
    pgliteDir: null,
    poolSize: 1,
    pgliteTemplate: await pgliteTemplate('migrated'),
  });
  await migrate(database);
  return { database, latest: (await migrationFiles()).at(-1)! };
}

describe.skipIf(Boolean(databaseUrl))('the readiness check on PGlite (its pass only)', () => {
  it('is ready on an open migrated database and unready once it is closed', async () => {
    const { database, latest } = await migratedPglite();
    const check = readinessCheck({ database, latestMigration: latest, brokerUp: null, cacheMs: 0 });
    expect(await check()).toEqual({ ready: true, database: 'up', migrations: 'current', broker: 'off' });
    await database.close();
    expect(await check()).toEqual({ ready: false, database: 'down', migrations: 'unknown', broker: 'off' });
  });

  it('is unready while the broker link is down, and when a newer build migrated further it stays ready', async () => {
    const { database, latest } = await migratedPglite();
    try {
      let linked = false;
      const older = readinessCheck({ database, latestMigration: '000_older.sql', brokerUp: () => linked, cacheMs: 0 });
      expect(await older()).toEqual({ ready: false, database: 'up', migrations: 'ahead', broker: 'down' });
      linked = true;
      expect(await older()).toMatchObject({ ready: true, broker: 'up' });
      const newer = readinessCheck({ database, latestMigration: `${latest}9`, brokerUp: null, cacheMs: 0 });
      expect(await newer()).toMatchObject({ ready: false, migrations: 'behind' });
    } finally {
      await database.close();
    }
  });
});
