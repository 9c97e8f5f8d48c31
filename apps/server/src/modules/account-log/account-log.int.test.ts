import {
  ErrorCode,
  customerLogin,
  listAccountLog,
  lockCustomer,
  logout,
  resetCustomerPassword,
  unlockCustomer,
  updatePwd,
  type AccountLogEntry,
} from '@dcc/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertCustomer } from '../../db/seed/people-records.ts';
import { call, digest, loginAs } from '../../../test/harness.ts';
import { freshPhone, usePeopleApp } from '../../../test/people-setup.ts';
import { accountLogRange } from './date-range.ts';

const env = usePeopleApp();

const PASSWORD = 'Logged2024';
type Page = { list: AccountLogEntry[]; totalSize: number };
const logOf = async (account: string, extra: Record<string, unknown> = {}) =>
  (await call<Page>(env.t.app, listAccountLog, { account, pageSize: 100, ...extra }, env.tree.asCaller)).body
    .objectResult!;
const customerSignIn = (phone: string, password = PASSWORD) =>
  call<{ 'x-token': string }>(env.t.app, customerLogin, { userName: phone, password: digest(password) });

describe('account log', () => {
  it('records sign-in, failed sign-in, sign-out and password change of a member, with IP, newest first', async () => {
    const session = await loginAs(env.t.app, env.tree.caller.phone);
    await call(
      env.t.app,
      updatePwd,
      { oldPassword: digest(), password: 'Changed2024', confirmPassword: 'Changed2024' },
      { sessionid: session },
    );
    await call(
      env.t.app,
      updatePwd,
      { oldPassword: digest('Changed2024'), password: 'Demo@123456', confirmPassword: 'Demo@123456' },
      { sessionid: session },
    );
    await call(env.t.app, customerLogin, { userName: env.tree.caller.phone, password: digest('wrong-password') });
    const fresh = await loginAs(env.t.app, env.tree.caller.phone);
    await call(env.t.app, logout, {}, { sessionid: fresh });
    env.tree.asCaller.sessionid = await loginAs(env.t.app, env.tree.caller.phone);
    const log = await logOf(env.tree.caller.phone);
    const actions = log.list.map((entry) => entry.action);
    expect(actions.slice(0, 6)).toEqual([
      'signIn',
      'signOut',
      'signIn',
      'signInFailed',
      'passwordChange',
      'passwordChange',
    ]);
    expect(
      log.list.every(
        (entry) =>
          entry.ip === '127.0.0.1' &&
          entry.userName === env.tree.caller.phone &&
          entry.realName === env.tree.caller.realName,
      ),
    ).toBe(true);
    const times = log.list.map((entry) => entry.createTime);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("records an administrator's lock, unlock and reset with the operator, and the automatic lock after five wrong passwords", async () => {
    const phone = freshPhone();
    const customerId = await insertCustomer(env.t.db, {
      ownerDealerId: env.tree.A1,
      phone,
      userName: 'Logged customer',
      password: PASSWORD,
    });
    await call(env.t.app, lockCustomer, { customerId }, env.tree.asCaller);
    await call(env.t.app, unlockCustomer, { customerId }, env.tree.asCaller);
    await call(
      env.t.app,
      resetCustomerPassword,
      { customerId, password: PASSWORD, confirmPassword: PASSWORD },
      env.tree.asCaller,
    );
    for (let attempt = 0; attempt < 5; attempt += 1) await customerSignIn(phone, 'Wrong12345');
    expect((await customerSignIn(phone)).body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
    const log = await logOf(phone);
    expect(log.list.map((entry) => [entry.action, entry.operatorName])).toEqual([
      ['lock', ''],
      ...Array.from({ length: 5 }, () => ['signInFailed', '']),
      ['passwordReset', env.tree.caller.realName],
      ['unlock', env.tree.caller.realName],
      ['lock', env.tree.caller.realName],
    ]);
    expect(log.list.every((entry) => entry.ip === '127.0.0.1')).toBe(true);
    expect((await logOf(phone, { action: 'unlock' })).list.map((entry) => entry.action)).toEqual(['unlock']);
  });

  it('shows entries of accounts in the subtree only', async () => {
    const foreign = freshPhone();
    await insertCustomer(env.t.db, {
      ownerDealerId: env.tree.B,
      phone: foreign,
      userName: 'Sibling customer',
      password: PASSWORD,
    });
    await customerSignIn(foreign);
    const written = await env.t.db.selectFrom('account_log').select('id').where('user_name', '=', foreign).execute();
    expect(written.length).toBe(1);
    expect((await logOf(foreign)).totalSize).toBe(0);
  });

  it('shows member and role changes made in a company of the subtree, not elsewhere', async () => {
    const outsider = freshPhone();
    for (const [dealerId, action] of [
      [env.tree.A1, 'memberAdded'],
      [env.tree.B, 'memberRemoved'],
      [env.tree.P, 'roleChanged'],
    ] as const) {
      await env.t.db
        .insertInto('account_log')
        .values({
          user_id: null,
          user_name: outsider,
          action,
          ip: '10.0.0.9',
          dealer_id: dealerId,
          operator_name: 'Someone',
        })
        .execute();
    }
    expect((await logOf(outsider)).list.map((entry) => [entry.action, entry.operatorName])).toEqual([
      ['memberAdded', 'Someone'],
    ]);
  });

  it('searches the last 15 days by default and any range when given, in China days', async () => {
    const phone = freshPhone();
    const userId = await insertCustomer(env.t.db, {
      ownerDealerId: env.tree.A,
      phone,
      userName: 'Old entries',
      password: PASSWORD,
    });
    const at = (daysAgo: number) => sql<Date>`now() - make_interval(days => ${daysAgo})`;
    for (const daysAgo of [1, 10, 20, 40]) {
      await env.t.db
        .insertInto('account_log')
        .values({ user_id: userId, user_name: phone, action: 'signIn', ip: '10.0.0.1', at: at(daysAgo) as never })
        .execute();
    }
    expect((await logOf(phone)).totalSize).toBe(2);
    const day = (daysAgo: number) =>
      new Date(Date.now() + 8 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
    expect((await logOf(phone, { startDate: day(30), endDate: day(15) })).totalSize).toBe(1);
    expect((await logOf(phone, { startDate: day(50) })).totalSize).toBe(4);
    const refused = await call(env.t.app, listAccountLog, { startDate: day(1), endDate: day(2) }, env.tree.asCaller);
    expect(refused.body.error_msg).toContain('The end date must not be before the start date');
  });

  it("turns days into instants of the platform's zone", () => {
    const range = accountLogRange('2026-05-01', '2026-05-02', 'Asia/Shanghai');
    expect(range.from.toISOString()).toBe('2026-04-30T16:00:00.000Z');
    expect(range.until.toISOString()).toBe('2026-05-02T16:00:00.000Z');
    const recent = accountLogRange(undefined, undefined, 'Asia/Shanghai', new Date('2026-05-10T20:00:00Z'));
    expect(recent.until.toISOString()).toBe('2026-05-11T16:00:00.000Z');
    expect(recent.from.toISOString()).toBe('2026-04-26T16:00:00.000Z');
    const newYork = accountLogRange(undefined, undefined, 'America/New_York', new Date('2026-05-10T20:00:00Z'));
    expect(newYork.until.toISOString()).toBe('2026-05-11T04:00:00.000Z');
  });
});
