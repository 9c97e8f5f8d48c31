import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable, encodeReport } from '@dcc/protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate, postgresTemplate } from '../../../test/database-templates.ts';
import { connectDevice, newDemoDevice } from '../../../test/device-link.ts';
import { startTestApp } from '../../../test/harness.ts';
import { createScratchDatabase } from '../../../test/test-database.ts';
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

/** npm run backup / restore as an operator runs them, with the server's environment `env`. */
function npmRun(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/operations/backup/backup-cli.ts', command, file],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
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
async function withHistory(options: DatabaseOptions): Promise<Record<string, string>> {
  const database = await openDatabase(options);
  try {
    const t = await startTestApp({ link: { ...loadLinkConfig({}), mqttPort: 0, mqttHost: '127.0.0.1' } }, { database });
    try {
      const device = await newDemoDevice(t);
      const client = await connectDevice(t, device);
      for (const seq of [1, 2, 3]) {
        const values = [...DEMO_HEAT_PUMP_VALUES].map(([address, value]) => ({ address, value: value + seq }));
        const frame = encodeReport(device.code, values, demoHeatPumpTable(), { seq });
        if (!frame.ok) throw new Error(frame.error.message);
        await client.publishAsync(`dev/${device.code}/up`, Buffer.from(frame.bytes), { qos: 1 });
      }
      await client.endAsync(true);
    } finally {
      await t.close();
    }
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

  it('refuses while a server holds DATA_DIR, with the message to stop it first', () => {
    const release = holdDataDir(env.dataDir);
    try {
      const refused = npmRun('backup', path.join(tempDir(), 'held.tar.gz'), { DATA_DIR: env.dataDir });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(`the server (process ${process.pid}) is using ${env.dataDir}: stop it first`);
    } finally {
      release();
    }
  });

  it(
    'backs up the data folder and restores it into a fresh one with every row the same',
    async () => {
      const file = path.join(tempDir(), 'dcc.tar.gz');
      const saved = npmRun('backup', file, { DATA_DIR: env.dataDir });
      expect(saved.status, saved.stderr).toBe(0);
      expect(saved.stdout).toContain(`Backed up ${env.dataDir}/pglite to ${file}`);

      const fresh = tempDir();
      const restored = npmRun('restore', file, { DATA_DIR: fresh });
      expect(restored.status, restored.stderr).toBe(0);
      const copy = await openDatabase({ databaseUrl: null, pgliteDir: path.join(fresh, 'pglite'), poolSize: 1 });
      try {
        expect(await fingerprint(copy)).toEqual(env.original);
      } finally {
        await copy.close();
      }
      // A restore never overwrites a database.
      const again = npmRun('restore', file, { DATA_DIR: fresh });
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
      const source = await createScratchDatabase(databaseUrl!, postgresTemplate('seeded'));
      drops.push(source.drop);
      const original = await withHistory({ databaseUrl: source.url, pgliteDir: null, poolSize: 2 });
      const file = path.join(tempDir(), 'dcc.dump');
      const saved = npmRun('backup', file, { DATABASE_URL: source.url });
      expect(saved.status, saved.stderr).toBe(0);
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

      const target = await createScratchDatabase(databaseUrl!);
      drops.push(target.drop);
      const restored = npmRun('restore', file, { DATABASE_URL: target.url });
      expect(restored.status, restored.stderr).toBe(0);
      const copy = await openDatabase({ databaseUrl: target.url, pgliteDir: null, poolSize: 1 });
      try {
        expect(await fingerprint(copy)).toEqual(original);
      } finally {
        await copy.close();
      }
      // Not over a database that holds tables.
      const again = npmRun('restore', file, { DATABASE_URL: target.url });
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('already holds tables');
    },
    ROUND_TRIP_TIMEOUT_MS,
  );
});
