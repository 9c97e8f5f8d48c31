import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable, encodeReport, type EncodeResult } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { localDeviceEvents, type DeviceEvent } from '../src/events/device-events.ts';
import { deviceProfiles } from '../src/ingest/profiles/device-profiles.ts';
import { ingestPipeline, type IngestSettings } from '../src/ingest/pipeline/pipeline.ts';
import { newDevice } from './factories.ts';

const box = { seal: (secret: string) => Buffer.from(secret) };
export const HEAT_PUMP_TABLE = demoHeatPumpTable();

/** A device of a demo product (空气源热泵 A200 'pkhpa200demo' or 智能热水器 X1 'pkwhx1demo01') owned by `dealerId`. */
export async function demoDevice(
  db: Kysely<DB>,
  dealerId: string,
  productKey = 'pkhpa200demo',
): Promise<{ id: string; code: string }> {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('product_key', '=', productKey)
    .executeTakeFirstOrThrow();
  const id = await newDevice(db, dealerId, box, product.id);
  const { device_code } = await db
    .selectFrom('devices')
    .select('device_code')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, code: device_code };
}

export const bytes = (r: EncodeResult): Buffer => {
  if (!r.ok) throw new Error(r.error.message);
  return Buffer.from(r.bytes);
};

/** A report of the demo heat pump's typical values, with `changes` applied. */
export const demoReport = (code: string, seq: number, changes: Record<number, number> = {}): Buffer => {
  const values = new Map(DEMO_HEAT_PUMP_VALUES);
  for (const [a, v] of Object.entries(changes)) values.set(Number(a), v);
  return bytes(
    encodeReport(
      code,
      [...values].map(([address, value]) => ({ address, value })),
      HEAT_PUMP_TABLE,
      { seq },
    ),
  );
};

/** A pipeline on the test app's database with the events it published. */
export function testPipeline(db: Kysely<DB>, settings: Partial<IngestSettings> = {}) {
  const events = localDeviceEvents();
  const seen: DeviceEvent[] = [];
  events.subscribe((e) => seen.push(e));
  const warnings: object[] = [];
  const pipeline = ingestPipeline({
    db,
    profiles: deviceProfiles(db),
    events,
    log: { warn: (obj) => warnings.push(obj) },
    settings: { batchSize: 100, batchMs: 5, maxPayloadBytes: 1024, ...settings },
  });
  const store = (deviceCode: string, payload: Buffer | string, receivedAt = new Date()) =>
    pipeline.store({ deviceCode, payload: typeof payload === 'string' ? Buffer.from(payload) : payload, receivedAt });
  return { pipeline, store, seen, warnings, events };
}
