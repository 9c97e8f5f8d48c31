import { startPeriodicJob, type PeriodicJobOptions } from '../../operations/periodic-job.ts';
import { sql, type Kysely } from 'kysely';
import { dayOf } from '../../db/partition-day.ts';
import type { DB } from '../../db/schema.ts';

/** The ingest's tables partitioned by received day (migration 020; 092: the DTU's link and mode changes): made ahead here. */
const INGEST_TABLES = ['telemetry_history', 'raw_packets', 'module_link_log', 'report_mode_log'] as const;
/**
 * The tables whose retention is HISTORY_RETENTION_DAYS, dropped by the partition job: the point history only. The
 * raw packets and the DTU's link and mode logs are log kinds, each dropped by the log retention job by its own
 * setting (modules/logs/retention.ts): each table has one owner of its retention.
 */
export const HISTORY_TABLES: readonly string[] = ['telemetry_history'];
const DAY_MS = 86_400_000;

const compact = (day: string) => day.replaceAll('-', '');

/**
 * The partitions this process made (or found made), per database: a Kysely instance and its transactions share one
 * adapter. Only a partition made outside a transaction is remembered (one made inside exists once it commits);
 * one this process drops is forgotten. Another process drops only days past their retention, which no writer writes.
 */
const made = new WeakMap<object, Set<string>>();
function madeIn(db: Kysely<DB>): Set<string> {
  const key = db.getExecutor().adapter;
  let names = made.get(key);
  if (!names) made.set(key, (names = new Set()));
  return names;
}

/**
 * Creates the day partitions of `tables` (by default the ingest's: history, raw packets and the DTU link and mode
 * logs) for `days` when missing; a partition this process made before costs no statement.
 */
export async function ensureDayPartitions(
  db: Kysely<DB>,
  days: Iterable<string>,
  tables: readonly string[] = INGEST_TABLES,
): Promise<void> {
  const known = madeIn(db);
  for (const day of days) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
    for (const table of tables) {
      const name = `${table}_${compact(day)}`;
      if (known.has(name)) continue;
      await sql
        .raw(
          `create table if not exists ${name} partition of ${table} for values from ('${day}') to ('${day}'::date + 1)`,
        )
        .execute(db);
      if (!db.isTransaction) known.add(name);
    }
  }
}

/**
 * Drops whole day partitions of `tables` older than `retentionDays` before `now`; answers the dropped tables. The
 * caller names the tables it owns the retention of (HISTORY_TABLES, or a log kind's table).
 */
export async function dropExpiredPartitions(
  db: Kysely<DB>,
  tables: readonly string[],
  retentionDays: number,
  now = new Date(),
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
    madeIn(db).delete(name);
    dropped.push(name);
  }
  return dropped.sort();
}

/** The partition job's name in /metrics' job runs. */
export const PARTITION_JOB = 'telemetry-partitions';

/**
 * The partition job: the ingest's partitions for today and the next `aheadDays` days, and the history's retention
 * drop (HISTORY_TABLES), now and then every `everyMs` (startPeriodicJob). Answers its stop, which waits for a run in flight. A failure (database away) is logged and
 * retried at the next run; the pipeline also creates a missing day partition itself before writing.
 */
export function startPartitionJob(
  db: Kysely<DB>,
  options: Omit<PeriodicJobOptions, 'everyMs'> & { retentionDays: number; aheadDays?: number; everyMs?: number },
): () => Promise<void> {
  const { retentionDays, aheadDays = 2, ...job } = options;
  return startPeriodicJob(
    PARTITION_JOB,
    async () => {
      const now = Date.now();
      await ensureDayPartitions(
        db,
        Array.from({ length: aheadDays + 1 }, (_, k) => dayOf(new Date(now + k * DAY_MS))),
      );
      await dropExpiredPartitions(db, HISTORY_TABLES, retentionDays);
    },
    { ...job, everyMs: job.everyMs ?? 3_600_000 },
  );
}
