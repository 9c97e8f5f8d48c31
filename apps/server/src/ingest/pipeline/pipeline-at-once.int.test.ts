import { encodeReport } from '@dcc/protocol';
import { sql } from 'kysely';
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

const seqsOf = async (deviceId: string) =>
  (
    await env.t.db
      .selectFrom('telemetry_history')
      .select('seq')
      .where('device_id', '=', deviceId)
      .orderBy('seq')
      .execute()
  ).map((r) => r.seq);

// A device's second batch on a pipeline is plain when its frames carry no fault-type point (the demo
// heat pump's full report does) and its report mode is known: written in one statement
// (pipeline-at-once.ts), which hands back what only the transaction's way handles.
const point13 = (code: string, seq: number, value: number) =>
  bytes(encodeReport(code, [{ address: 13, value }], HEAT_PUMP_TABLE, { seq }));

describe('a plain batch written in one statement', () => {
  it("stores a device's new message beside a redelivered one of the same batch, with its values as the latest", async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store, seen } = testPipeline(env.t.db, { batchMs: 50 });
    await store(d.code, demoReport(d.code, 1, { 13: 1 }));
    await store(d.code, point13(d.code, 2, 2));
    await Promise.all([store(d.code, point13(d.code, 2, 2)), store(d.code, point13(d.code, 3, 3))]);
    await pipeline.close();
    expect(await seqsOf(d.id)).toEqual([1, 2, 3]);
    expect((await currentValues(env.t.db, d.id)).get(13)).toBe(3);
    const last = seen.filter((e) => e.kind === 'values').at(-1);
    expect(last?.kind === 'values' && last.values.find((v) => v.address === 13)?.value).toBe(3);
  });

  it('merges into a latest-values row that another writer changed since the pipeline read it', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store } = testPipeline(env.t.db);
    await store(d.code, demoReport(d.code, 1, { 13: 1 }));
    await store(d.code, point13(d.code, 2, 2));
    await sql`update device_values set point_values = point_values || '{"999": 5}', revision = revision + 1
      where device_id = ${d.id}`.execute(env.t.db);
    await store(d.code, point13(d.code, 3, 3));
    await store(d.code, point13(d.code, 4, 4));
    await pipeline.close();
    const values = await currentValues(env.t.db, d.id);
    expect([values.get(13), values.get(999)]).toEqual([4, 5]);
    expect(await seqsOf(d.id)).toEqual([1, 2, 3, 4]);
  });
});
