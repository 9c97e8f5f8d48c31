import { LOG_RETENTION_RUNS_SHOWN, type LogKindName, type LogRetentionRun } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The retention settings (migration 063: one row per log kind) and the job's latest runs, for the settings screen. */
export async function retentionSettings(db: Kysely<DB>): Promise<{
  settings: Array<{ kind: LogKindName; days: number }>;
  runs: LogRetentionRun[];
}> {
  const [settings, runs] = await Promise.all([
    db.selectFrom('log_retention').select(['kind', 'days']).orderBy('kind').execute(),
    db
      .selectFrom('log_retention_runs')
      .select(['id', 'started_at', 'finished_at', 'dropped', 'error'])
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LOG_RETENTION_RUNS_SHOWN)
      .execute(),
  ]);
  return {
    settings,
    runs: runs.map((run) => ({
      runId: String(run.id),
      startedAt: new Date(run.started_at).toISOString(),
      finishedAt: new Date(run.finished_at).toISOString(),
      dropped: run.dropped,
      failed: run.error !== null,
    })),
  };
}

/** Sets one kind's days; the retention job reads it on its next run. */
export async function setRetentionDays(db: Kysely<DB>, kind: LogKindName, days: number): Promise<null> {
  await db.updateTable('log_retention').set({ days }).where('kind', '=', kind).execute();
  return null;
}
