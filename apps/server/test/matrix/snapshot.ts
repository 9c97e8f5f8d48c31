import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';

/**
 * Tables whose rows change on any call (session bookkeeping) or on the dashboard job's minute (its device
 * counts, folded from the devices' own changes, and the daily roll-up), left out of the comparison.
 */
const VOLATILE = new Set([
  'sessions',
  'schema_migrations',
  'login_failures',
  'device_counts',
  'device_count_changes',
  'daily_device_stat',
  'daily_project_stat',
]);
/** The API call log records every call, refused ones too, in its day partitions (issue 22). */
const isVolatile = (name: string): boolean =>
  VOLATILE.has(name) || name.startsWith('api_call_log') || name === 'api_call_operators';

/**
 * A fingerprint of every table: its row count and the sum of its rows' 64-bit text hashes. Equal fingerprints mean
 * nothing changed (a row added, removed or altered changes its table's). The sum needs no sort, unlike the rows
 * themselves as ordered JSON text, which took the isolation matrix twice as long (two snapshots per case).
 */
export async function snapshotTables(db: Kysely<DB>): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const names = tables.rows.map((row) => row.name).filter((name) => !isVolatile(name));
  const selects = names.map(
    (name) =>
      sql`(select count(*) || ' rows, hash sum ' || coalesce(sum(hashtextextended(t::text, 0)::numeric), 0) from ${sql.table(name)} t) as ${sql.ref(name)}`,
  );
  const result = await sql<Record<string, string>>`select ${sql.join(selects)}`.execute(db);
  return result.rows[0]!;
}
