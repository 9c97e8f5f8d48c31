import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { dataDirHolder } from './data-dir-lock.ts';

const run = promisify(execFile);

/** How long pg_dump waits for a table's shared lock (held back by a migration, say) before it fails instead of hanging. */
const DUMP_LOCK_WAIT = '2min';

/** What npm run backup / restore work on: the server's database as its environment names it. */
export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** A refusal with the message the command prints (no stack): a wrong setting, a running server, a database in the way. */
export class BackupRefused extends Error {}

/** The database of DATABASE_URL, else the PGlite folder of DATA_DIR (./data by default), as the server reads them. */
export function backupTarget(env: NodeJS.ProcessEnv): BackupTarget {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  if (env.DATA_DIR === 'memory://') throw new BackupRefused('DATA_DIR=memory:// keeps nothing to back up or restore');
  return { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR ?? './data') };
}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

function refuseWhileServing(dataDir: string): void {
  const pid = dataDirHolder(dataDir);
  if (pid !== null)
    throw new BackupRefused(
      `the server (process ${pid}) is using ${dataDir}: stop it first (the embedded database belongs to one process), then run this again`,
    );
}

async function tool(name: string, args: string[]): Promise<void> {
  try {
    await run(name, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new BackupRefused(`${name} was not found: install the PostgreSQL client tools of the server's version`);
    throw new BackupRefused(`${name} failed: ${(failure.stderr || failure.message).trim()}`);
  }
}

/** Whether a PostgreSQL database already holds the server's tables. */
async function holdsTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      "select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')",
    );
    return (result.rows[0] as { n: number }).n > 0;
  } finally {
    await client.end();
  }
}

/**
 * Writes a backup to `file`: PostgreSQL with pg_dump in its custom format (consistent while the servers
 * run: one snapshot); PGlite as its data folder in a gzipped tarball, with the server stopped.
 */
export async function backup(target: BackupTarget, file: string): Promise<void> {
  if (fs.existsSync(file)) throw new BackupRefused(`${file} exists: name a new file (a backup never overwrites one)`);
  if (target.kind === 'postgres') {
    await tool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--lock-wait-timeout=${DUMP_LOCK_WAIT}`,
      `--file=${file}`,
      target.url,
    ]);
    return;
  }
  refuseWhileServing(target.dataDir);
  if (!fs.existsSync(pgliteDir(target.dataDir)))
    throw new BackupRefused(`${pgliteDir(target.dataDir)} holds no database`);
  const pglite = await PGlite.create(pgliteDir(target.dataDir));
  try {
    const tarball = await pglite.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()), { flag: 'wx' });
  } finally {
    await pglite.close();
  }
}

/**
 * Restores `file` into a fresh database: PostgreSQL with pg_restore into the empty database of
 * DATABASE_URL; PGlite into DATA_DIR's folder, which must not hold a database yet. Never over data.
 */
export async function restore(target: BackupTarget, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupRefused(`${file} was not found`);
  if (target.kind === 'postgres') {
    if (await holdsTables(target.url))
      throw new BackupRefused(
        'the database of DATABASE_URL already holds tables: restore into a new empty database (createdb) and point DATABASE_URL at it',
      );
    await tool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.url}`, file]);
    return;
  }
  refuseWhileServing(target.dataDir);
  const dir = pgliteDir(target.dataDir);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new BackupRefused(`${dir} already holds a database: move it away first (a restore never overwrites one)`);
  fs.mkdirSync(target.dataDir, { recursive: true });
  const pglite = await PGlite.create(dir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
  await pglite.close();
}
