import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies every migration file not yet recorded in schema_migrations, in name order. */
export async function migrate(database: Database): Promise<string[]> {
  await database.runScript('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
  const applied = new Set(
    (await sql<{ name: string }>`select name from schema_migrations`.execute(database.db)).rows.map((row) => row.name),
  );
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  const done: string[] = [];
  for (const name of files) {
    if (applied.has(name)) continue;
    const script = await fs.readFile(path.join(MIGRATIONS_DIR, name), 'utf8');
    if (!/^[\w.-]+$/.test(name)) throw new Error(`bad migration file name ${name}`);
    // One script without explicit begin/commit runs as one implicit transaction on both engines.
    await database.runScript(`${script}\n;insert into schema_migrations (name) values ('${name}');`);
    done.push(name);
  }
  return done;
}
