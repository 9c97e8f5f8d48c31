import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';

/**
 * Tables whose rows change on any call (session bookkeeping), on the dashboard job's minute (its device counts,
 * folded from the devices' own changes, and the daily roll-up) or at a run of the log retention job (its record of
 * the run, written when the server starts and hourly), left out of the comparison.
 */
const VOLATILE = new Set([
  'sessions',
  'schema_migrations',
  'login_failures',
  'device_counts',
  'device_count_changes',
  'daily_device_stat',
  'daily_project_stat',
  'log_retention_runs',
]);
/** The API call log records every call, refused ones too, in its day partitions (issue 22). */
const isVolatile = (name: string): boolean =>
  VOLATILE.has(name) || name.startsWith('api_call_log') || name === 'api_call_operators';

/**
 * A fingerprint of every table: its row count and the transaction id of its newest row version (xmin). Any insert or
 * update, even to the same values, writes a version with a newer id than every row before it (ids only grow within a
 * run), and a delete lowers the count, so equal fingerprints mean nothing was written. It reads one system column a
 * row, where the sum of every row's text hash (before) turned each whole row into text: the isolation matrix's third
 * part 16.7 s -> 12.8 s alone on PGlite (two snapshots per case).
 */
export async function snapshotTables(db: Kysely<DB>): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const names = tables.rows.map((row) => row.name).filter((name) => !isVolatile(name));
  const selects = names.map(
    (name) =>
      sql`(select count(*) || ' rows, newest version ' || coalesce(max(t.xmin::text::bigint), 0) from ${sql.table(name)} t) as ${sql.ref(name)}`,
  );
  const result = await sql<Record<string, string>>`select ${sql.join(selects)}`.execute(db);
  return result.rows[0]!;
}
