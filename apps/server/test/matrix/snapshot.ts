import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';

/** Tables whose rows change on any call (session bookkeeping), left out of the comparison. */
const VOLATILE = new Set(['sessions', 'schema_migrations', 'login_failures']);

/** Every row of every table as JSON text, in a stable order: equal snapshots mean nothing changed. */
export async function snapshotTables(db: Kysely<DB>): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const names = tables.rows.map((row) => row.name).filter((name) => !VOLATILE.has(name));
  const selects = names.map(
    (name) =>
      sql`(select coalesce(json_agg(t order by t::text), '[]'::json)::text from ${sql.table(name)} t) as ${sql.ref(name)}`,
  );
  const result = await sql<Record<string, string>>`select ${sql.join(selects)}`.execute(db);
  return result.rows[0]!;
}
