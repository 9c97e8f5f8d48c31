import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDealer } from '../../../test/factories.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { demoDevice, demoReport, testPipeline } from '../../../test/ingest-setup.ts';
import { currentValues } from './current-values.ts';

const databaseUrl = process.env.DATABASE_URL;

async function admin(statement: string, parameters: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement, parameters);
  } finally {
    await client.end();
  }
}

describe.skipIf(!databaseUrl)('ingest while PostgreSQL is away', () => {
  const env = {} as { t: TestApp; dealer: string; name: string };
  beforeAll(async () => {
    env.t = await startTestApp();
    env.dealer = await newDealer(env.t.db, { level: 0 });
    env.name = (await sql<{ name: string }>`select current_database() as name`.execute(env.t.db)).rows[0]!.name;
  });
  afterAll(async () => {
    await admin(`alter database ${env.name} allow_connections true`);
    await env.t.close();
  });

  it('rejects every message of a batch that could not be written, stores nothing of it, and stores the resent messages once when it is back', async () => {
    const d = await demoDevice(env.t.db, env.dealer);
    const { pipeline, store, warnings } = testPipeline(env.t.db, { batchMs: 20 });
    await store(d.code, demoReport(d.code, 1));
    const away = [2, 3, 4].map((seq) => demoReport(d.code, seq, { 13: seq }));
    await admin(`alter database ${env.name} allow_connections false`);
    await admin(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [env.name],
    );
    const outcomes = await Promise.allSettled(away.map((payload) => store(d.code, payload)));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(warnings.length).toBeGreaterThan(0);
    await admin(`alter database ${env.name} allow_connections true`);
    const history = () =>
      env.t.db.selectFrom('telemetry_history').select('seq').where('device_id', '=', d.id).orderBy('seq').execute();
    expect(await history()).toEqual([{ seq: 1 }]);
    await Promise.all(away.map((payload) => store(d.code, payload)));
    await Promise.all(away.map((payload) => store(d.code, payload)));
    expect(await history()).toEqual([{ seq: 1 }, { seq: 2 }, { seq: 3 }, { seq: 4 }]);
    expect(await env.t.db.selectFrom('raw_packets').select('seq').where('device_id', '=', d.id).execute()).toHaveLength(
      4,
    );
    // The latest values the pipeline keeps did not take the failed batch: the stored row is the resent messages' last.
    expect((await currentValues(env.t.db, d.id)).get(13)).toBe(4);
    await pipeline.close();
  });
});
