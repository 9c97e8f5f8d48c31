import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { countingStatements } from '../../../test/statement-count.ts';
import { demoDevice, demoReport, testPipeline } from '../../../test/ingest-setup.ts';
import { dropExpiredPartitions, ensureDayPartitions, startPartitionJob } from './partitions.ts';

const env = {} as { t: TestApp; dealer: string };
beforeAll(async () => {
  env.t = await startTestApp();
  env.dealer = await newDealer(env.t.db, { level: 0 });
});
afterAll(async () => env.t.close());

const partitions = async () =>
  (
    await sql<{
      name: string;
    }>`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname in ('telemetry_history', 'raw_packets') order by 1`.execute(env.t.db)
  ).rows.map((r) => r.name);

describe('telemetry day partitions', () => {
  it('stores a message of a day without a partition by creating it first', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store } = testPipeline(env.t.db);
    await store(d.code, demoReport(d.code, 1), new Date('2026-03-04T23:59:59Z'));
    await pipeline.close();
    expect(await partitions()).toEqual(expect.arrayContaining(['raw_packets_20260304', 'telemetry_history_20260304']));
    const rows = await env.t.db.selectFrom('telemetry_history').select('day').where('device_id', '=', d.id).execute();
    expect(rows.map((r) => String(r.day))).toHaveLength(1);
  });

  it('drops whole days of the given tables older than the retention and keeps the newer ones', async () => {
    await ensureDayPartitions(env.t.db, ['2026-01-01', '2026-01-09', '2026-01-10']);
    const dropped = await dropExpiredPartitions(env.t.db, ['telemetry_history'], 10, new Date('2026-01-20T12:00:00Z'));
    expect(dropped).toEqual(['telemetry_history_20260101', 'telemetry_history_20260109']);
    // The raw packets are the log retention job's (modules/logs/retention.ts): not named, not dropped.
    expect(await partitions()).toEqual(
      expect.arrayContaining(['raw_packets_20260101', 'raw_packets_20260109', 'telemetry_history_20260110']),
    );
    expect(await dropExpiredPartitions(env.t.db, ['telemetry_history'], 0, new Date('2030-01-01'))).toEqual([]);
  });

  it('creates today and the next days ahead when the job starts', async () => {
    const stop = startPartitionJob(env.t.db, { retentionDays: 0, aheadDays: 2, log: { warn: () => {} } });
    const day = (k: number) => new Date(Date.now() + k * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    await expect
      .poll(partitions, { timeout: 5000 })
      .toEqual(expect.arrayContaining([0, 1, 2].map((k) => `telemetry_history_${day(k)}`)));
    await stop();
  });

  it('makes a day once per process, a day made in a rolled back transaction or dropped again', async () => {
    const { db, statements } = countingStatements(env.t.db);
    await ensureDayPartitions(db, ['2026-02-01']);
    const made = statements();
    expect(made).toBeGreaterThan(0);
    await ensureDayPartitions(env.t.db, ['2026-02-01']);
    await ensureDayPartitions(db, ['2026-02-01']);
    expect(statements()).toBe(made);

    await expect(
      db.transaction().execute(async (trx) => {
        await ensureDayPartitions(trx, ['2026-02-02'], ['raw_packets']);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await ensureDayPartitions(db, ['2026-02-02'], ['raw_packets']);
    expect(await partitions()).toEqual(expect.arrayContaining(['raw_packets_20260201', 'raw_packets_20260202']));

    expect(await dropExpiredPartitions(env.t.db, ['raw_packets'], 10, new Date('2026-03-01T12:00:00Z'))).toEqual(
      expect.arrayContaining(['raw_packets_20260201', 'raw_packets_20260202']),
    );
    await ensureDayPartitions(db, ['2026-02-01', '2026-02-02'], ['raw_packets']);
    expect(await partitions()).toEqual(expect.arrayContaining(['raw_packets_20260201', 'raw_packets_20260202']));
  });
});
