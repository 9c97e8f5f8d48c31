import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, ScriptRunner } from './database.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The migration files of this build, in the order they apply. */
export async function migrationFiles(): Promise<string[]> {
  return (await fs.readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
}

/**
 * Applies every migration file not yet recorded in schema_migrations, in name order; with `upTo`, only
 * those up to that file (a test rebuilds an older release's schema). Forward-only: nothing is undone.
 */
export async function migrate(database: Database, upTo?: string): Promise<string[]> {
  return database.exclusively(async (run) => {
    await run(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const applied = new Set((await run('select name from schema_migrations')).map((row) => String(row.name)));
    return applyPending(run, applied, upTo);
  });
}

async function applyPending(run: ScriptRunner, applied: ReadonlySet<string>, upTo?: string): Promise<string[]> {
  const files = await migrationFiles();
  const done: string[] = [];
  for (const name of files) {
    if (applied.has(name) || (upTo !== undefined && name > upTo)) continue;
    const script = await fs.readFile(path.join(MIGRATIONS_DIR, name), 'utf8');
    if (!/^[\w.-]+$/.test(name)) throw new Error(`bad migration file name ${name}`);
    // One script without explicit begin/commit runs as one implicit transaction on both engines.
    await run(`${script}\n;insert into schema_migrations (name) values ('${name}');`);
    done.push(name);
  }
  return done;
}
