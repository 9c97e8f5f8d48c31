import { buildTemplates } from '../../apps/server/test/database-templates.ts';
import { ensureServerBuilt } from '../../scripts/build-server.mjs';

/**
 * Vitest global setup of the browser tests: the compiled server the tests start (apps/server/dist); on PostgreSQL every server's scratch database is a copy of
 * this run's seeded template. The servers on PGlite are processes of their own that start it empty.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  await ensureServerBuilt();
  return process.env.DATABASE_URL ? buildTemplates() : undefined;
}
