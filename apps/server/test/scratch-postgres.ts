import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sparePort } from './spare-port.ts';

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl on a spare port, trust auth, fsync off), so a
 * test can stop and restart PostgreSQL without touching the machine's server on 5432. Run as root, the
 * cluster belongs to the `postgres` user (PostgreSQL refuses to run as root).
 */
export interface ScratchPostgres {
  /** postgres://127.0.0.1:port/postgres: a base URL for createScratchDatabase. */
  url: string;
  /** Fast shutdown: open connections are ended, new ones refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

const BIN_DIR = ['17', '16', '15', '14']
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .find((dir) => fs.existsSync(path.join(dir, 'initdb')));

/** Why a scratch cluster cannot run here, or null when it can. */
export const scratchPostgresUnavailable = (): string | null =>
  BIN_DIR ? null : 'no initdb under /usr/lib/postgresql/*/bin';

const asRoot = process.getuid?.() === 0;

function run(tool: string, args: string[]): void {
  const file = path.join(BIN_DIR!, tool);
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'ignore' });
  else execFileSync(file, args, { stdio: 'ignore' });
}

export async function startScratchPostgres(): Promise<ScratchPostgres> {
  if (!BIN_DIR) throw new Error(scratchPostgresUnavailable()!);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dcc-postgres-'));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await sparePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const cluster: ScratchPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    },
    async stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async dispose() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
