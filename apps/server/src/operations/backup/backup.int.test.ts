import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable, encodeReport } from '@dcc/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { pgliteTemplate, postgresTemplate } from '../../../test/database-templates.ts';
import { connectDevice, newDemoDevice } from '../../../test/device-link.ts';
import { startTestApp } from '../../../test/harness.ts';
import { createScratchDatabase, onAdminConnection } from '../../../test/test-database.ts';
import { openDatabase, type Database, type DatabaseOptions } from '../../db/database.ts';
import { loadLinkConfig } from '../../link-config.ts';
import { holdDataDir } from './data-dir-lock.ts';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const databaseUrl = process.env.DATABASE_URL;
const dirs: string[] = [];
const drops: Array<() => Promise<void>> = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dcc-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const drop of drops) await drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A round trip runs two CLI processes and opens the database three times: 27 s alone on PGlite, more under CI's load. */
const ROUND_TRIP_TIMEOUT_MS = 180_000;

/** npm run backup / restore as an operator runs them, with the server's environment `env` (not blocking: the test's timeout can fire). */
function npmRun(
  command: 'backup' | 'restore',
  file: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/operations/backup/backup-cli.ts', command, file],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, timeout: 150_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

/** Where a round trip stands; a failure (a timeout above all) prints it with what the PostgreSQL server's sessions wait for. */
function roundTripSteps(): (step: string) => void {
  let current = 'starting';
  onTestFailed(async () => {
    let sessions: unknown[] = [];
    if (databaseUrl)
      await onAdminConnection(databaseUrl, async (admin) => {
        const busy = await admin.query(
          `select datname, state, wait_event_type, wait_event, left(query, 120) as query from pg_stat_activity
           where datname like 'dcc_test%' and state <> 'idle'`,
        );
        sessions = busy.rows;
      });
    console.error(`round trip stopped at: ${current}\nbusy sessions: ${JSON.stringify(sessions, null, 1)}`);
  });
  return (step) => (current = step);
}

/** Every table's row count and a digest of its rows: two databases with equal fingerprints hold the same data. */
async function fingerprint(database: Database): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by c.relname`.execute(database.db);
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ n: string; digest: string }>`
      select count(*) as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.table(name)} t`.execute(
      database.db,
    );
    result[name] = `${row.rows[0]!.n} ${row.rows[0]!.digest}`;
  }
  return result;
}

/** The seeded database of `options` with a device of the test that reported three times (history, latest values, packets). */
async function withHistory(
  options: DatabaseOptions,
  step: (step: string) => void = () => {},
): Promise<Record<string, string>> {
  const database = await openDatabase(options);
  try {
    step('the server starts on the source');
    const t = await startTestApp({ link: { ...loadLinkConfig({}), mqttPort: 0, mqttHost: '127.0.0.1' } }, { database });
    try {
      step('the device connects');
      const device = await newDemoDevice(t);
      const client = await connectDevice(t, device);
      for (const seq of [1, 2, 3]) {
        step(`the device reports (${seq} of 3)`);
        const values = [...DEMO_HEAT_PUMP_VALUES].map(([address, value]) => ({ address, value: value + seq }));
        const frame = encodeReport(device.code, values, demoHeatPumpTable(), { seq });
        if (!frame.ok) throw new Error(frame.error.message);
        await client.publishAsync(`dev/${device.code}/up`, Buffer.from(frame.bytes), { qos: 1 });
      }
      step('the device disconnects');
      await client.endAsync(true);
    } finally {
      step('the server stops');
      await t.close();
    }
    step('the source is counted');
    const packets = await sql<{ n: string }>`select count(*) as n from raw_packets`.execute(database.db);
    expect(Number(packets.rows[0]!.n)).toBeGreaterThanOrEqual(3);
    return await fingerprint(database);
  } finally {
    await database.close();
  }
}

describe.skipIf(Boolean(databaseUrl))('backup and restore of the embedded PGlite database (its pass)', () => {
  const env = {} as { dataDir: string; original: Record<string, string> };
  beforeAll(async () => {
    env.dataDir = tempDir();
    env.original = await withHistory({
      databaseUrl: null,
      pgliteDir: path.join(env.dataDir, 'pglite'),
      poolSize: 1,
      pgliteTemplate: await pgliteTemplate('seeded'),
    });
  });

  it('refuses while a server holds DATA_DIR, with the message to stop it first', async () => {
    const release = holdDataDir(env.dataDir);
    try {
      const refused = await npmRun('backup', path.join(tempDir(), 'held.tar.gz'), { DATA_DIR: env.dataDir });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`the server (process ${process.pid}) is using ${env.dataDir}: stop it first`);
    } finally {
      release();
    }
  });

  it(
    'backs up the data folder and restores it into a fresh one with every row the same',
    async () => {
      const step = roundTripSteps();
      const file = path.join(tempDir(), 'dcc.tar.gz');
      step('backup');
      const saved = await npmRun('backup', file, { DATA_DIR: env.dataDir });
      expect(saved.status, saved.stderr).toBe(0);
      expect(saved.stdout).toContain(`Backed up ${env.dataDir}/pglite to ${file}`);

      const fresh = tempDir();
      step('restore');
      const restored = await npmRun('restore', file, { DATA_DIR: fresh });
      expect(restored.status, restored.stderr).toBe(0);
      step('fingerprint of the copy');
      const copy = await openDatabase({ databaseUrl: null, pgliteDir: path.join(fresh, 'pglite'), poolSize: 1 });
      try {
        expect(await fingerprint(copy)).toEqual(env.original);
      } finally {
        await copy.close();
      }
      // A restore never overwrites a database.
      step('restore again');
      const again = await npmRun('restore', file, { DATA_DIR: fresh });
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('already holds a database: move it away first');
    },
    ROUND_TRIP_TIMEOUT_MS,
  );
});

describe.skipIf(!databaseUrl)('backup and restore of a PostgreSQL database (its pass)', () => {
  it(
    'dumps in the custom format and restores into a fresh database with every row the same',
    async () => {
      const step = roundTripSteps();
      step('source database from the seeded template');
      const source = await createScratchDatabase(databaseUrl!, postgresTemplate('seeded'));
      drops.push(source.drop);
      const original = await withHistory({ databaseUrl: source.url, pgliteDir: null, poolSize: 2 }, step);
      const file = path.join(tempDir(), 'dcc.dump');
      step('backup (pg_dump)');
      const saved = await npmRun('backup', file, { DATABASE_URL: source.url });
      expect(saved.status, saved.stderr).toBe(0);
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

      step('empty target database');
      const target = await createScratchDatabase(databaseUrl!);
      drops.push(target.drop);
      step('restore (pg_restore)');
      const restored = await npmRun('restore', file, { DATABASE_URL: target.url });
      expect(restored.status, restored.stderr).toBe(0);
      step('fingerprint of the copy');
      const copy = await openDatabase({ databaseUrl: target.url, pgliteDir: null, poolSize: 1 });
      try {
        expect(await fingerprint(copy)).toEqual(original);
      } finally {
        await copy.close();
      }
      // Not over a database that holds tables.
      step('restore again');
      const again = await npmRun('restore', file, { DATABASE_URL: target.url });
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('already holds tables');
    },
    ROUND_TRIP_TIMEOUT_MS,
  );
});
