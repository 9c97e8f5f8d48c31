import { encodeSetReply } from '@dcc/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { bytes, demoDevice, demoReport, HEAT_PUMP_TABLE, testPipeline } from '../../../test/ingest-setup.ts';
import { currentValues } from './current-values.ts';

const env = {} as { t: TestApp; dealer: string };

beforeAll(async () => {
  env.t = await startTestApp();
  env.dealer = await newDealer(env.t.db, { level: 0 });
});
afterAll(async () => env.t.close());

const openFaults = (deviceId: string) =>
  env.t.db
    .selectFrom('device_faults')
    .select('fault_code')
    .where('device_id', '=', deviceId)
    .where('closed_at', 'is', null)
    .orderBy('fault_code')
    .execute();

describe('ingest lanes', () => {
  it("writes each device's messages in order while lanes write at the same time: last values and faults are the last report's", async () => {
    const devices = await Promise.all(Array.from({ length: 12 }, () => demoDevice(env.t.db, env.dealer)));
    const { pipeline, store } = testPipeline(env.t.db, { lanes: 3, batchSize: 4, batchMs: 1 });
    const t0 = Date.now();
    // Report k of every device carries 13 = k and shows fault E01 on even k, E02 on odd k.
    const stored: Promise<void>[] = [];
    for (let k = 1; k <= 8; k++) {
      for (const d of devices)
        stored.push(store(d.code, demoReport(d.code, k, { 13: k, 30: k % 2 === 0 ? 0b01 : 0b10 }), new Date(t0 + k)));
    }
    await Promise.all(stored);
    for (const d of devices) {
      expect((await currentValues(env.t.db, d.id)).get(13)).toBe(8);
      expect(await openFaults(d.id)).toEqual([{ fault_code: 'E01' }]);
      const closed = await env.t.db
        .selectFrom('device_faults')
        .select('fault_code')
        .where('device_id', '=', d.id)
        .where('closed_at', 'is not', null)
        .execute();
      expect(closed).toHaveLength(7);
    }
    await pipeline.close();
  });
});

describe('latest values kept by the pipeline', () => {
  it('merges instead of overwriting when another writer changed the row since the pipeline read it', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const first = testPipeline(env.t.db);
    const second = testPipeline(env.t.db);
    await first.store(d.code, demoReport(d.code, 1, { 3: 50 }));
    // The second pipeline (another server instance) sets point 3; the first one's copy is now stale.
    await second.store(
      d.code,
      bytes(encodeSetReply(d.code, 'accepted', [{ address: 3, value: 60 }], HEAT_PUMP_TABLE, { seq: 2 })),
    );
    await first.store(
      d.code,
      bytes(encodeSetReply(d.code, 'accepted', [{ address: 1, value: 1 }], HEAT_PUMP_TABLE, { seq: 3 })),
    );
    const values = await currentValues(env.t.db, d.id);
    expect(values.get(3)).toBe(60);
    expect(values.get(1)).toBe(1);
    // Its copy dropped, the first pipeline reads the row again and writes it whole.
    await first.store(
      d.code,
      bytes(encodeSetReply(d.code, 'accepted', [{ address: 2, value: 1 }], HEAT_PUMP_TABLE, { seq: 4 })),
    );
    expect((await currentValues(env.t.db, d.id)).get(3)).toBe(60);
    const row = await env.t.db
      .selectFrom('device_values')
      .select('revision')
      .where('device_id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.revision)).toBe(3);
    await first.pipeline.close();
    await second.pipeline.close();
  });
});
