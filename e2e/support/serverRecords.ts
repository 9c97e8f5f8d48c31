import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Every server process a browser test started, written down while it runs, so that the run's teardown stops
 * the ones nobody stopped: a worker's spare server outlives its last file, a server stopping in the background may be cut short (workerServers.ts), and vitest ends its
 * workers with SIGTERM, which ends no child of theirs.
 */

/** Set by the run's global setup for the workers: the folder holding one record per running server. */
const RECORDS_ENV = 'DCC_E2E_SERVER_RECORDS';

interface ServerRecord {
  pid: number;
  /** Its scratch PostgreSQL database, dropped with it; null on PGlite in memory. */
  database: string | null;
}

/** Opens this run's folder of records (global setup). */
export function openServerRecords(): void {
  process.env[RECORDS_ENV] = mkdtempSync(path.join(os.tmpdir(), 'dcc-e2e-servers-'));
}

const recordFile = (pid: number): string | null => {
  const folder = process.env[RECORDS_ENV];
  return folder ? path.join(folder, `${pid}.json`) : null;
};

/** Notes a server that has just been spawned. */
export function recordServer(record: ServerRecord): void {
  const file = recordFile(record.pid);
  if (!file) return;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(record));
}

/** Forgets a server whose process has ended and whose database is dropped. */
export function forgetServer(pid: number): void {
  const file = recordFile(pid);
  if (file) rmSync(file, { force: true });
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function endProcess(pid: number): Promise<void> {
  if (!isRunning(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (isRunning(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isRunning(pid)) process.kill(pid, 'SIGKILL');
}

/** Stops every server still recorded and drops its database (the run's teardown), then removes the folder. */
export async function stopRecordedServers(dropDatabase: (name: string) => Promise<void>): Promise<void> {
  const folder = process.env[RECORDS_ENV];
  if (!folder) return;
  const records = readdirSync(folder).map(
    (name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as ServerRecord,
  );
  await Promise.all(
    records.map(async ({ pid, database }) => {
      await endProcess(pid);
      if (database) await dropDatabase(database);
      rmSync(path.join(folder, `${pid}.json`), { force: true });
    }),
  );
  rmSync(folder, { recursive: true, force: true });
}
