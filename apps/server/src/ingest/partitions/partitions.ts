import { sql, type Kysely } from 'kysely';
import { dayOf } from '../../db/partition-day.ts';
import type { DB } from '../../db/schema.ts';

/** The tables partitioned by received day (migration 020). */
const PARTITIONED = ['telemetry_history', 'raw_packets'] as const;
const DAY_MS = 86_400_000;

const compact = (day: string) => day.replaceAll('-', '');

/** Creates the day partitions of `tables` (by default history and raw packets) for `days` when missing. */
export async function ensureDayPartitions(
  db: Kysely<DB>,
  days: Iterable<string>,
  tables: readonly string[] = PARTITIONED,
): Promise<void> {
  for (const day of days) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
    for (const table of tables) {
      await sql
        .raw(
          `create table if not exists ${table}_${compact(day)} partition of ${table} for values from ('${day}') to ('${day}'::date + 1)`,
        )
        .execute(db);
    }
  }
}

/** Drops whole day partitions of `tables` (by default history and raw packets) older than `retentionDays` before `now`; answers the dropped tables. */
export async function dropExpiredPartitions(
  db: Kysely<DB>,
  retentionDays: number,
  now = new Date(),
  tables: readonly string[] = PARTITIONED,
): Promise<string[]> {
  if (retentionDays <= 0) return [];
  const oldestKept = compact(dayOf(new Date(now.getTime() - retentionDays * DAY_MS)));
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname in (${sql.join([...tables])})`.execute(db);
  const dropped: string[] = [];
  for (const { name } of rows) {
    const day = /_(\d{8})$/.exec(name)?.[1];
    if (day === undefined || day >= oldestKept) continue;
    await sql.raw(`drop table if exists ${name}`).execute(db);
    dropped.push(name);
  }
  return dropped.sort();
}

/** The partition job's name in /metrics' job runs. */
export const PARTITION_JOB = 'telemetry-partitions';

/**
 * The partition job: partitions for today and the next `aheadDays` days, and the retention drop,
 * now and then every `everyMs`. Answers a stop function. A failure (database away) is logged and
 * retried at the next run; the pipeline also creates a missing day partition itself before writing.
 */
export function startPartitionJob(
  db: Kysely<DB>,
  options: {
    retentionDays: number;
    aheadDays?: number;
    everyMs?: number;
    log: { warn(obj: object, msg: string): void };
    /** Told of each run's outcome (/metrics' job runs). */
    onRun?: (job: string, outcome: 'ok' | 'failed') => void;
  },
): () => void {
  const run = async () => {
    try {
      const now = Date.now();
      await ensureDayPartitions(
        db,
        Array.from({ length: (options.aheadDays ?? 2) + 1 }, (_, k) => dayOf(new Date(now + k * DAY_MS))),
      );
      await dropExpiredPartitions(db, options.retentionDays);
      options.onRun?.(PARTITION_JOB, 'ok');
    } catch (error) {
      options.log.warn({ err: error }, 'telemetry partition job failed; it runs again later');
      options.onRun?.(PARTITION_JOB, 'failed');
    }
  };
  void run();
  const timer = setInterval(() => void run(), options.everyMs ?? 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}
