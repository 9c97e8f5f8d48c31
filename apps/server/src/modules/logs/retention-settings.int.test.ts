import { Button, ErrorCode, getLogRetention, updateLogRetention, type LogRetentionRun } from '@dcc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../db/partition-day.ts';
import { ensureDayPartitions } from '../../ingest/index.ts';
import { newDealerTree, newMember, newUser } from '../../../test/factories.ts';
import { call, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { logOperation } from '../device-commands/index.ts';
import { runLogRetention } from './retention.ts';

/**
 * The retention settings screen's calls (issue 22): each log kind's days (default 180) read and set by
 * platform operators only, refused out of range; the job drops by each kind's own setting, whole
 * partitions, and its runs are shown.
 */
type Settings = { settings: Array<{ kind: string; days: number }>; runs: LogRetentionRun[] };
let t: TestApp;
let platform: { sessionid: string; dealersId: string };
let company: { sessionid: string; dealersId: string };

beforeAll(async () => {
  t = await startTestApp();
  const tree = await newDealerTree(t.db);
  const operator = await newUser(t.db);
  await newMember(t.db, tree.P, operator.id, [Button.SYSTEM_MANAGE, Button.LOG_MANAGE]);
  platform = { sessionid: await loginAs(t.app, operator.phone), dealersId: tree.P };
  const member = await newUser(t.db);
  await newMember(t.db, tree.A, member.id, [Button.SYSTEM_MANAGE, Button.LOG_MANAGE]);
  company = { sessionid: await loginAs(t.app, member.phone), dealersId: tree.A };
});
afterAll(async () => t.close());

const settings = async () => (await call<Settings>(t.app, getLogRetention, {}, platform)).body.objectResult!;

describe('log retention settings', () => {
  it('shows each kind kept 180 days by default; only the platform reads or sets them', async () => {
    expect((await settings()).settings).toEqual([
      { kind: 'apiCall', days: 180 },
      { kind: 'communication', days: 180 },
      { kind: 'mode', days: 180 },
      { kind: 'moduleLink', days: 180 },
      { kind: 'operation', days: 180 },
    ]);
    for (const [def, body] of [
      [getLogRetention, {}],
      [updateLogRetention, { kind: 'apiCall', days: 30 }],
    ] as const) {
      expect((await call(t.app, def, body, company)).body.error_code).toBe(ErrorCode.PERMISSION_DENIED);
    }
    expect((await settings()).settings[0]!.days).toBe(180);
  });

  it('refuses days out of 1..3650 and an unknown kind', async () => {
    for (const body of [
      { kind: 'apiCall', days: 0 },
      { kind: 'apiCall', days: 3651 },
      { kind: 'apiCall', days: 1.5 },
      { kind: 'apiCall' },
    ]) {
      const answer = await call(t.app, updateLogRetention, body, { ...platform, language: 'en_US' });
      expect(answer.body.error_code).toBe(ErrorCode.BAD_REQUEST);
      expect(answer.body.error_msg).toContain('Keep a log 1 to 3650 days');
    }
    const unknown = await call(
      t.app,
      updateLogRetention,
      { kind: 'mail', days: 30 },
      { ...platform, language: 'en_US' },
    );
    expect(unknown.body.error_msg).toContain('Choose a log kind');
  });

  it("drops each kind's partitions by its own setting and shows the run", async () => {
    const old = dayOf(new Date(Date.now() - 40 * 86_400_000));
    await ensureDayPartitions(t.db, [old], ['api_call_log', 'raw_packets']);
    const set = await call(t.app, updateLogRetention, { kind: 'communication', days: 30 }, platform);
    expect(set.body.error_code).toBe(0);
    try {
      const dropped = await runLogRetention(t.db);
      const suffix = old.replaceAll('-', '');
      expect(dropped).toContain(`raw_packets_${suffix}`);
      expect(dropped).not.toContain(`api_call_log_${suffix}`);
      const left = await sql<{ relname: string }>`
        select relname from pg_class where relname in (${`raw_packets_${suffix}`}, ${`api_call_log_${suffix}`})
      `.execute(t.db);
      expect(left.rows.map((row) => row.relname)).toEqual([`api_call_log_${suffix}`]);
      const shown = await settings();
      expect(shown.settings).toContainEqual({ kind: 'communication', days: 30 });
      expect(shown.runs[0]).toMatchObject({ dropped, failed: false });
    } finally {
      await call(t.app, updateLogRetention, { kind: 'communication', days: 180 }, platform);
    }
  });

  it("drops the operation log's days older than its setting whole, keeps the newer entries, and deletes no row", async () => {
    const deviceId = '990000001';
    const entry = (createdAt: Date, summary: string) =>
      logOperation(t.db, {
        deviceId,
        deviceCode: 'RETAINED01',
        operator: null,
        action: 'lock',
        request: {},
        summary,
        outcome: 'applied',
        createdAt,
      });
    const oldAt = new Date(Date.now() - 40 * 86_400_000);
    const recentAt = new Date(Date.now() - 20 * 86_400_000);
    await entry(oldAt, 'old');
    await entry(recentAt, 'recent');
    await entry(new Date(), 'today');
    // Row by row would fire this: the retention must drop partitions instead.
    await sql`create function refuse_operation_delete() returns trigger language plpgsql as $$
      begin raise exception 'operation log rows deleted one by one'; end $$`.execute(t.db);
    await sql`create trigger refuse_operation_delete before delete on device_operations for each row execute function refuse_operation_delete()`.execute(
      t.db,
    );
    const set = await call(t.app, updateLogRetention, { kind: 'operation', days: 30 }, platform);
    expect(set.body.error_code).toBe(0);
    try {
      const dropped = await runLogRetention(t.db);
      expect(dropped).toContain(`device_operations_${dayOf(oldAt).replaceAll('-', '')}`);
      expect(dropped).not.toContain(`device_operations_${dayOf(recentAt).replaceAll('-', '')}`);
      const left = await t.db
        .selectFrom('device_operations')
        .select('summary')
        .where('device_id', '=', deviceId)
        .orderBy('created_at')
        .execute();
      expect(left.map((row) => row.summary)).toEqual(['recent', 'today']);
    } finally {
      await sql`drop trigger refuse_operation_delete on device_operations`.execute(t.db);
      await call(t.app, updateLogRetention, { kind: 'operation', days: 180 }, platform);
    }
  });
});
