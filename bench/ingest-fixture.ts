/**
 * What the ingest benchmarks share: a migrated database (a scratch PostgreSQL database when
 * DATABASE_URL is set, else PGlite in memory), a product with a 50-point table, `devices` devices
 * with their profiles, and a frame encoder.
 */
import os from 'node:os';
import { compileTable, encodeReport, type PointDef } from '@dcc/protocol';
import { openDatabase, type Database } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { DeviceProfile, DeviceProfiles } from '../apps/server/src/ingest/profiles/device-profiles.ts';
import { newDealer, newDevice, newProduct } from '../apps/server/test/factories.ts';
import { createScratchDatabase } from '../apps/server/test/test-database.ts';

export const POINTS = 50;

const pointDefs: PointDef[] = Array.from({ length: POINTS }, (_, k) => ({
  address: k + 1,
  code: `p${k + 1}`,
  name: `P${k + 1}`,
  mode: 'R',
  byteLength: 2,
  dataType: 'signed x0.1',
  unit: '°C',
}));
const compiled = compileTable(pointDefs);
if (!compiled.ok) throw new Error('the benchmark point table does not compile');
export const table = compiled.table;

export interface IngestFixture {
  database: Database;
  engine: 'PostgreSQL' | 'PGlite';
  url: string | null;
  profiles: Map<string, DeviceProfile>;
  byCode: DeviceProfiles;
  codes: string[];
  close(): Promise<void>;
}

export async function ingestFixture(
  devices: number,
  options: { secret?: (code: string) => Buffer } = {},
): Promise<IngestFixture> {
  const base = process.env.DATABASE_URL ?? null;
  const scratch = base ? await createScratchDatabase(base) : null;
  const database = await openDatabase({ databaseUrl: scratch?.url ?? null, pgliteDir: null, poolSize: 4 });
  await migrate(database);
  const db = database.db;
  const dealer = await newDealer(db, { level: 0 });
  const product = await newProduct(db);
  const box = { seal: options.secret ?? ((s: string) => Buffer.from(s)) };
  const profiles = new Map<string, DeviceProfile>();
  for (let k = 0; k < devices; k++) {
    const id = await newDevice(db, dealer, box, product);
    const { device_code } = await db
      .selectFrom('devices')
      .select('device_code')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    profiles.set(device_code, {
      deviceId: id,
      deviceCode: device_code,
      dealerId: dealer,
      productId: product,
      messageType: 'pm',
      versionId: '1',
      table,
    });
  }
  return {
    database,
    engine: base ? 'PostgreSQL' : 'PGlite',
    url: scratch?.url ?? null,
    profiles,
    byCode: { get: async (code) => profiles.get(code), forget: () => {} },
    codes: [...profiles.keys()],
    async close() {
      await database.close();
      await scratch?.drop();
    },
  };
}

/** A report frame of the 50 points with this sequence number; the values follow it. */
export function reportFrame(code: string, seq: number): Buffer {
  const r = encodeReport(
    code,
    pointDefs.map((p, k) => ({ address: p.address, value: ((seq + k) % 500) / 10 })),
    table,
    { seq },
  );
  if (!r.ok) throw new Error(r.error.message);
  return Buffer.from(r.bytes);
}

/** Report frames whose sequence numbers (and so values) change with every call. */
export function frameEncoder() {
  let seq = 0;
  return (code: string): Buffer => reportFrame(code, (seq = (seq + 1) % 65536));
}

export const machine = () =>
  `${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

/** The p-th percentile of sorted numbers. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
