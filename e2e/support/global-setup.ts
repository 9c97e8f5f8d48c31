import { buildTemplates } from '../../apps/server/test/database-templates.ts';
import { onAdminConnection } from '../../apps/server/test/test-database.ts';
import { ensureServerBuilt } from '../../scripts/build-server.mjs';
import { openServerRecords, stopRecordedServers } from './serverRecords.ts';

/**
 * Vitest global setup of the browser tests: the compiled server the tests start (apps/server/dist); on PostgreSQL every server's scratch database is a copy of
 * this run's seeded template. The servers on PGlite are processes of their own that start it empty.
 * At the end, the servers still running (the workers' spares, workerServers.ts) are stopped and their databases dropped.
 */
export default async function setup(): Promise<() => Promise<void>> {
  await ensureServerBuilt();
  openServerRecords();
  const databaseUrl = process.env.DATABASE_URL;
  const dropTemplates = databaseUrl ? await buildTemplates() : undefined;
  return async () => {
    await stopRecordedServers((name) =>
      onAdminConnection(
        databaseUrl!,
        async (admin) => void (await admin.query(`drop database if exists ${name} with (force)`)),
      ),
    );
    await dropTemplates?.();
  };
}
