import { ensureServerBuilt } from '../../../scripts/build-server.mjs';
import { buildTemplates } from './database-templates.ts';

/** Vitest global setup: the compiled server (for tests that start it as a process), the run's template databases, built once and removed at the end of the run. */
export default async function setup(): Promise<() => Promise<void>> {
  await ensureServerBuilt();
  return buildTemplates();
}
