import { startPeriodicJob, type PeriodicJobOptions } from '../../operations/periodic-job.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LogKind } from '../../db/schema-logs.ts';
import { dropExpiredPartitions, ensureDayPartitions } from '../../ingest/index.ts';
import { dayOf } from '../../db/partition-day.ts';

/** The day-partitioned table of each log kind whose retention is a setting (migrations 063, 091). */
export const LOG_KIND_TABLES: Record<LogKind, string> = {
  apiCall: 'api_call_log',
  communication: 'raw_packets',
  operation: 'device_operations',
  moduleLink: 'module_link_log',
  mode: 'report_mode_log',
};
/** The tables whose writers make a missing day themselves (the ingest makes the packets' days ahead): made a day ahead here. */
const MADE_AHEAD = [LOG_KIND_TABLES.apiCall, LOG_KIND_TABLES.operation];
const DAY_MS = 86_400_000;

/**
 * One run of the log retention job (issue 22): for each log kind, its partitions older than its setting
 * (log_retention, default 180 days) dropped whole, never row by row; the API call log's partitions for
 * today and tomorrow made ahead (and the operation log's). The run is recorded in log_retention_runs, failed or not.
 * This job alone drops the log kinds' tables, the raw packets and the DTU's link and mode logs included: the telemetry
 * partition job (HISTORY_RETENTION_DAYS) drops only the point history (HISTORY_TABLES) and makes the ingest's days ahead.
 */
export async function runLogRetention(db: Kysely<DB>, now = new Date()): Promise<string[]> {
  const startedAt = new Date();
  try {
    await ensureDayPartitions(db, [dayOf(now), dayOf(new Date(now.getTime() + DAY_MS))], MADE_AHEAD);
    const settings = await db.selectFrom('log_retention').select(['kind', 'days']).execute();
    const dropped: string[] = [];
    for (const { kind, days } of settings)
      dropped.push(...(await dropExpiredPartitions(db, [LOG_KIND_TABLES[kind]], days, now)));
    await db
      .insertInto('log_retention_runs')
      .values({ started_at: startedAt, finished_at: new Date(), dropped })
      .execute();
    return dropped;
  } catch (error) {
    await db
      .insertInto('log_retention_runs')
      .values({ started_at: startedAt, finished_at: new Date(), dropped: [], error: String(error).slice(0, 500) })
      .execute()
      .catch(() => undefined);
    throw error;
  }
}

/** Runs the retention job now and then hourly (startPeriodicJob); the answer stops it. */
export function startLogRetentionJob(
  db: Kysely<DB>,
  options: Omit<PeriodicJobOptions, 'everyMs'> & { everyMs?: number },
): () => Promise<void> {
  return startPeriodicJob('logRetention', () => runLogRetention(db), {
    ...options,
    everyMs: options.everyMs ?? 3_600_000,
  });
}
