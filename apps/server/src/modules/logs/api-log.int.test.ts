import {
  Button,
  ErrorCode,
  getCode,
  CALL_DESCRIPTIONS_ZH,
  listAccountLog,
  listApiLog,
  login,
  resetDeviceSecret,
  type ApiLogEntry,
} from '@dcc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsSender } from '../../auth/sms-sender.ts';
import { dayOf } from '../../db/partition-day.ts';
import { newDealerTree, newDevice, newMember, newUser } from '../../../test/factories.ts';
import { call, digest, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { ApiCallWriter } from './api-call-writer.ts';
import { runLogRetention } from './retention.ts';

const LOG_BUTTONS = [Button.LOG_MANAGE, Button.API_LOG, Button.ACCOUNT_LOG, Button.DEVICES];

/** SMS codes sent, by phone: captured here so that the demo sender's delivery line is not in the log. */
const codes = new Map<string, string>();
const sms: SmsSender = {
  async sendCode(phone, code) {
    codes.set(phone, code);
  },
};

let t: TestApp;
let tree: { P: string; A: string; A1: string; B: string };
let caller: { id: string; phone: string; session: string };
let operator: { id: string; phone: string; session: string };
const asCaller = (dealersId = tree.A) => ({ sessionid: caller.session, dealersId });

beforeAll(async () => {
  t = await startTestApp({}, { sms });
  tree = await newDealerTree(t.db);
  const member = await newUser(t.db);
  await newMember(t.db, tree.A, member.id, LOG_BUTTONS);
  await t.db
    .updateTable('users')
    .set({ email: `${member.phone}@logs.test` })
    .where('id', '=', member.id)
    .execute();
  caller = { ...member, session: await loginAs(t.app, member.phone) };
  const platform = await newUser(t.db);
  await newMember(t.db, tree.P, platform.id, LOG_BUTTONS);
  operator = { ...platform, session: await loginAs(t.app, platform.phone) };
});
afterAll(async () => t.close());

const today = () => dayOf(new Date(Date.now() + 8 * 3600_000));
type Page = { list: ApiLogEntry[]; totalSize: number };
async function apiLog(
  filters: Record<string, unknown>,
  as: { sessionid: string; dealersId: string; language?: string } = asCaller(),
): Promise<Page> {
  await t.callLog.flush();
  const answer = await call<Page>(
    t.app,
    listApiLog,
    { startDate: today(), endDate: today(), pageSize: 200, ...filters },
    as,
  );
  expect(answer.body.error_code).toBe(0);
  return answer.body.objectResult!;
}

describe('API call log', () => {
  it('records every call with operator, IP, interface, description, parameters, outcome and duration', async () => {
    await call(t.app, listAccountLog, { account: 'someone' }, asCaller());
    const { list } = await apiLog({ interfaceName: 'accountLog/list' });
    const entry = list.find((row) => row.params.includes('someone'))!;
    expect(entry).toMatchObject({
      operatorPhone: caller.phone,
      operatorEmail: `${caller.phone}@logs.test`,
      operatorIp: '127.0.0.1',
      interfaceName: 'accountLog/list',
      description: listAccountLog.description,
      outcomeCode: 0,
    });
    expect(JSON.parse(entry.params)).toEqual({ account: 'someone' });
    // The description in the reader's language (issue 20): the contract describes every call in both.
    const chinese = await apiLog({ interfaceName: 'accountLog/list' }, { ...asCaller(), language: 'zh_CN' });
    expect(chinese.list.find((row) => row.logId === entry.logId)!.description).toBe(
      CALL_DESCRIPTIONS_ZH[listAccountLog.path],
    );
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    expect(entry.requestId).not.toBe('');
    expect(Date.now() - Date.parse(entry.createTime)).toBeLessThan(3_600_000);
  });

  it("carries the call's request id: the caller's sane X-Request-Id, otherwise the id the server answered", async () => {
    const given = 'lb-7f3a9c2e-api-log';
    const callerNamed = await call(
      t.app,
      listAccountLog,
      { account: 'caller-named-call' },
      { ...asCaller(), headers: { 'x-request-id': given } },
    );
    expect(callerNamed.headers['x-request-id']).toBe(given);
    const serverNamed = await call(t.app, listAccountLog, { account: 'server-named-call' }, asCaller());
    const insane = await call(
      t.app,
      listAccountLog,
      { account: 'insane-id-call' },
      { ...asCaller(), headers: { 'x-request-id': 'an id with spaces' } },
    );
    const { list } = await apiLog({ interfaceName: 'accountLog/list' });
    const requestIdOf = (account: string) =>
      list.find((row) => (JSON.parse(row.params) as { account?: string }).account === account)?.requestId;
    expect(requestIdOf('caller-named-call')).toBe(given);
    for (const [account, answer] of [
      ['server-named-call', serverNamed],
      ['insane-id-call', insane],
    ] as const) {
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(requestIdOf(account)).toBe(answer.headers['x-request-id']);
    }
  });

  it('records a refused call with its error code, and filters by outcome, operator and interface', async () => {
    const refused = await call(t.app, listApiLog, { startDate: today(), endDate: '2000-01-01' }, asCaller());
    expect(refused.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    const failures = await apiLog({ outcome: 'failure', interfaceName: 'log/apiUsedLog' });
    expect(failures.list.some((row) => row.outcomeCode === ErrorCode.BAD_REQUEST)).toBe(true);
    expect(failures.list.every((row) => row.outcomeCode !== 0)).toBe(true);
    const successes = await apiLog({ outcome: 'success' });
    expect(successes.list.length).toBeGreaterThan(0);
    expect(successes.list.every((row) => row.outcomeCode === 0)).toBe(true);
    const byEmail = await apiLog({ operator: '@logs.test' });
    expect(byEmail.totalSize).toBeGreaterThan(0);
    expect(byEmail.list.every((row) => row.operatorPhone === caller.phone)).toBe(true);
    expect((await apiLog({ operator: 'nobody-like-this' })).totalSize).toBe(0);
  });

  it('refuses a search without its date range (spec section 5)', async () => {
    for (const body of [{ startDate: today() }, { endDate: today() }, {}]) {
      const answer = await call(t.app, listApiLog, body, asCaller());
      expect(answer.body.error_code).toBe(ErrorCode.BAD_REQUEST);
      expect(answer.body.error_msg).toContain('Please choose the date range');
    }
    const tooLong = await call(t.app, listApiLog, { startDate: '2026-01-01', endDate: '2026-12-31' }, asCaller());
    expect(tooLong.body.error_msg).toContain('The range is too long');
  });

  it('shows a company the calls made for its subtree; the platform also sees calls made without a company', async () => {
    const sibling = await newUser(t.db);
    await newMember(t.db, tree.B, sibling.id, LOG_BUTTONS);
    const siblingSession = await loginAs(t.app, sibling.phone);
    await call(t.app, listAccountLog, { account: 'from-b' }, { sessionid: siblingSession, dealersId: tree.B });
    const inA1 = await newUser(t.db);
    await newMember(t.db, tree.A1, inA1.id, LOG_BUTTONS);
    await call(
      t.app,
      listAccountLog,
      { account: 'from-a1' },
      { sessionid: await loginAs(t.app, inA1.phone), dealersId: tree.A1 },
    );
    const seenByA = (await apiLog({})).list;
    expect(seenByA.some((row) => row.params.includes('from-a1'))).toBe(true);
    expect(seenByA.some((row) => row.params.includes('from-b'))).toBe(false);
    expect(seenByA.some((row) => row.interfaceName === 'adminUser/login')).toBe(false);
    const seenByPlatform = (await apiLog({}, { sessionid: operator.session, dealersId: tree.P })).list;
    expect(seenByPlatform.some((row) => row.params.includes('from-b'))).toBe(true);
    expect(seenByPlatform.some((row) => row.interfaceName === 'adminUser/login')).toBe(true);
  });

  it('never holds a password digest, an SMS code, a device secret or a session id, in its rows nor in the server log', async () => {
    const person = await newUser(t.db);
    await newMember(t.db, tree.A, person.id, LOG_BUTTONS);
    const passwordDigest = digest();
    const signedIn = await call<{ xtoken: string }>(t.app, login, { name: person.phone, password: passwordDigest });
    const session = signedIn.body.objectResult!.xtoken;
    await call(t.app, getCode, { name: person.phone });
    const code = codes.get(person.phone)!;
    expect(code).toMatch(/^\d{6}$/);
    const byCode = await call<{ xtoken: string }>(t.app, login, { name: person.phone, code });
    expect(byCode.body.error_code).toBe(0);
    await call(t.app, login, { name: person.phone, password: digest('Wrong-password-1') });
    const deviceId = await newDevice(t.db, tree.A, { seal: (secret) => Buffer.from(secret) });
    const reset = await call<{ deviceSecret: string }>(
      t.app,
      resetDeviceSecret,
      { deviceId },
      { sessionid: byCode.body.objectResult!.xtoken, dealersId: tree.A },
    );
    expect(reset.body.error_code).toBe(0);
    const deviceSecret = reset.body.objectResult!.deviceSecret;
    expect(deviceSecret.length).toBeGreaterThan(8);
    await t.callLog.flush();
    const rows = await t.db.selectFrom('api_call_log').selectAll().execute();
    const mine = rows.filter((row) => row.params.includes(person.phone) || row.user_id === person.id);
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(mine.some((row) => row.params.includes('"password":"******"'))).toBe(true);
    expect(mine.some((row) => row.params.includes('"code":"******"'))).toBe(true);
    const everything = [JSON.stringify(rows), ...t.logs].join('\n');
    for (const secret of [
      passwordDigest,
      digest('Wrong-password-1'),
      code,
      deviceSecret,
      session,
      byCode.body.objectResult!.xtoken,
    ])
      expect(everything).not.toContain(secret);
  });

  it('counts the calls a burst adds beyond the queue, and never queues more', async () => {
    const writer = new ApiCallWriter(t.db, { capacity: 5, batchSize: 1000, flushEveryMs: 3_600_000, log: console });
    const answered = {
      call: listAccountLog,
      payload: { account: 'burst' },
      at: new Date(),
      requestId: 'burst',
      userId: null,
      dealerId: tree.A,
      ip: '10.0.0.1',
      outcomeCode: 0,
      durationMs: 1,
    };
    for (let k = 0; k < 12; k += 1) writer.record(answered);
    expect(writer.stats()).toEqual({ queued: 5, written: 0, dropped: 7 });
    await writer.close();
    expect(writer.stats()).toEqual({ queued: 0, written: 5, dropped: 7 });
  });

  it('drops whole partitions older than the setting, keeps newer ones, and records the run', async () => {
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    const writer = new ApiCallWriter(t.db, { flushEveryMs: 3_600_000, log: console });
    for (const days of [200, 40, 10]) {
      writer.record({
        call: listAccountLog,
        payload: { account: `aged-${days}` },
        at: ago(days),
        requestId: `aged-${days}`,
        userId: null,
        dealerId: tree.A,
        ip: '10.0.0.1',
        outcomeCode: 0,
        durationMs: 1,
      });
    }
    await writer.close();
    await t.db.updateTable('log_retention').set({ days: 30 }).where('kind', '=', 'apiCall').execute();
    try {
      const dropped = await runLogRetention(t.db);
      expect(dropped).toContain(`api_call_log_${dayOf(ago(200)).replaceAll('-', '')}`);
      expect(dropped).toContain(`api_call_log_${dayOf(ago(40)).replaceAll('-', '')}`);
      expect(
        dropped.every(
          (name) => !name.startsWith('raw_packets') || name < `raw_packets_${dayOf(ago(180)).replaceAll('-', '')}`,
        ),
      ).toBe(true);
      const left = await t.db
        .selectFrom('api_call_log')
        .select('request_id')
        .where('request_id', 'like', 'aged-%')
        .execute();
      expect(left.map((row) => row.request_id)).toEqual(['aged-10']);
      const run = await t.db
        .selectFrom('log_retention_runs')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(run.error).toBeNull();
      expect(run.dropped).toEqual(dropped);
    } finally {
      await t.db.updateTable('log_retention').set({ days: 180 }).where('kind', '=', 'apiCall').execute();
    }
    expect(await sql`select 1`.execute(t.db)).toBeTruthy();
  });
});
