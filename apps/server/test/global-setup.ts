import { buildTemplates } from './database-templates.ts';

/** Vitest global setup: the run's template databases, built once and removed at the end of the run. */
export default async function setup(): Promise<() => Promise<void>> {
  return buildTemplates();
}
