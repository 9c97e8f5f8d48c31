import {
  ErrorCode,
  customerLogin,
  getPersonalInfo,
  login,
  logout,
  selectAllNotices,
  selectUserForLogin,
  updatePwd,
  type LoginAnswer,
} from '@dcc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordChecks } from '../../auth/password.ts';
import { DEMO_PASSWORD, DemoPhone } from '../../db/seed/demo.ts';
import { newUser } from '../../../test/factories.ts';
import { call, digest, loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const signIn = (name: string, password = digest()) => call<LoginAnswer>(t.app, login, { name, password });
const accountLog = async (userId: string) =>
  (await t.db.selectFrom('account_log').select('action').where('user_id', '=', userId).orderBy('id').execute()).map(
    (row) => row.action,
  );

describe('password sign-in', () => {
  it('answers a session and the user for the right password', async () => {
    const { status, body } = await signIn(DemoPhone.TWO_COMPANIES);
    expect(status).toBe(200);
    expect(body.error_code).toBe(0);
    expect(body.objectResult).toMatchObject({
      locked: false,
      needUpdatePwd: false,
      needSelectUser: false,
      userList: [],
      accessKey: null,
      user: { realName: 'Li Wei', userName: DemoPhone.TWO_COMPANIES },
    });
    expect(body.objectResult?.xtoken).toMatch(/^[\w-]{40,}$/);
    const stored = await t.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', body.objectResult!.user!.userId)
      .execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(body.objectResult?.xtoken);
  });

  it('refuses a wrong password in both languages and records the failure', async () => {
    const user = await newUser(t.db);
    const english = await signIn(user.phone, digest('Wrong123'));
    expect(english.body).toEqual({
      error_code: ErrorCode.SIGN_IN_FAILED,
      error_msg: 'Account or password incorrect (5 wrong passwords lock an account for 15 minutes)',
      objectResult: null,
    });
    const chinese = await call(t.app, login, { name: user.phone, password: digest('Wrong123') }, { language: 'zh_CN' });
    expect(chinese.body).toEqual({
      error_code: ErrorCode.SIGN_IN_FAILED,
      error_msg: '账号或密码错误（连续输错5次将锁定15分钟）',
      objectResult: null,
    });
    expect(await accountLog(user.id)).toEqual(['signInFailed', 'signInFailed']);
  });

  it('answers an unknown account exactly like a wrong password, in both languages', async () => {
    const user = await newUser(t.db);
    for (const language of ['en_US', 'zh_CN']) {
      const unknown = await call(t.app, login, { name: '13111111111', password: digest() }, { language });
      const wrong = await call(t.app, login, { name: user.phone, password: digest('Wrong123') }, { language });
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
    }
    const customerSide = await call(t.app, customerLogin, { userName: '13111111112', password: digest() });
    expect(customerSide.body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
  });

  it('checks the password of an unknown account as hard as a wrong one, so that neither answers sooner', async () => {
    const user = await newUser(t.db);
    const checks: string[] = [];
    const record = (message: unknown) => checks.push((message as { cost: string }).cost);
    const checkedBy = async (name: string, password = digest('Wrong123')) => {
      checks.length = 0;
      await signIn(name, password);
      return [...checks];
    };
    passwordChecks.subscribe(record);
    try {
      const wrong = await checkedBy(user.phone);
      expect(wrong).toEqual(['16384$8$1']);
      expect(await checkedBy('13111112000')).toEqual(wrong);
      // Locked by its wrong passwords, the account still costs its check (right password or not).
      for (let attempt = 0; attempt < 4; attempt += 1) await signIn(user.phone, digest('Wrong123'));
      expect(await checkedBy(user.phone, digest())).toEqual(wrong);
    } finally {
      passwordChecks.unsubscribe(record);
    }
  });

  it('locks the account for the address after 5 wrong passwords from it in 15 minutes; the lock answers like a wrong password, even for the right one', async () => {
    const user = await newUser(t.db);
    const codes: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      codes.push((await signIn(user.phone, digest('Wrong123'))).body.error_code);
    expect(codes).toEqual([2013, 2013, 2013, 2013, 2013]);
    const right = await signIn(user.phone);
    const unknown = await signIn('13111111113');
    expect(right.body).toEqual(unknown.body);
    expect(await accountLog(user.id)).toContain('lock');
    await t.db
      .updateTable('login_failures')
      .set({ at: sql`at - interval '15 minutes 1 second'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await signIn(user.phone)).body.error_code).toBe(0);
  });

  it('does not lock for failures older than 15 minutes', async () => {
    const user = await newUser(t.db);
    for (let attempt = 0; attempt < 4; attempt += 1) await signIn(user.phone, digest('Wrong123'));
    await t.db
      .updateTable('login_failures')
      .set({ at: sql`now() - interval '16 minutes'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await signIn(user.phone, digest('Wrong123'))).body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
    expect((await signIn(user.phone)).body.error_code).toBe(0);
  });

  it("forgets wrong passwords older than two lock windows, of every account, at anyone's next wrong one", async () => {
    const [forgotten, other] = [await newUser(t.db), await newUser(t.db)];
    await signIn(forgotten.phone, digest('Wrong123'));
    await t.db
      .updateTable('login_failures')
      .set({ at: sql`now() - interval '31 minutes'` })
      .where('user_id', '=', forgotten.id)
      .execute();
    await signIn(other.phone, digest('Wrong123'));
    const left = await t.db
      .selectFrom('login_failures')
      .select('user_id')
      .where('user_id', 'in', [forgotten.id, other.id])
      .execute();
    expect(left.map((row) => String(row.user_id))).toEqual([other.id]);
  });

  it("tells an administrator's lock only to the right password", async () => {
    const user = await newUser(t.db);
    await t.db
      .updateTable('users')
      .set({ admin_locked_at: sql`now()` })
      .where('id', '=', user.id)
      .execute();
    expect((await signIn(user.phone, digest('Wrong123'))).body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
    expect((await signIn(user.phone)).body).toEqual({
      error_code: ErrorCode.ACCOUNT_LOCKED,
      error_msg: 'This account has been locked',
      objectResult: null,
    });
  });
});

describe('forced password change', () => {
  it('gives a restricted session when the password is older than 90 days, lifted by updatePwd', async () => {
    const user = await newUser(t.db, { passwordChangedAt: new Date(Date.now() - 91 * 86_400_000) });
    const { body } = await signIn(user.phone);
    expect(body.objectResult).toMatchObject({ needUpdatePwd: true });
    const token = body.objectResult!.xtoken!;
    const refused = await call(t.app, selectAllNotices, {}, { sessionid: token });
    expect(refused.body).toEqual({
      error_code: ErrorCode.PASSWORD_CHANGE_REQUIRED,
      error_msg: 'Password over 90 days, security risk, change it immediately',
      objectResult: null,
    });
    const same = await call(
      t.app,
      updatePwd,
      { oldPassword: digest(), password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
      { sessionid: token },
    );
    expect(same.body.error_code).toBe(ErrorCode.NEW_PASSWORD_IS_CURRENT);
    expect((await call(t.app, selectAllNotices, {}, { sessionid: token })).body.error_code).toBe(
      ErrorCode.PASSWORD_CHANGE_REQUIRED,
    );
    const changed = await call(
      t.app,
      updatePwd,
      { oldPassword: digest(), password: 'NewPass2024', confirmPassword: 'NewPass2024' },
      { sessionid: token },
    );
    expect(changed.body.error_code).toBe(0);
    expect((await call(t.app, selectAllNotices, {}, { sessionid: token })).body.error_code).toBe(0);
    expect((await signIn(user.phone, digest('NewPass2024'))).body.objectResult?.needUpdatePwd).toBe(false);
  });

  it('is turned off by password_max_age_days 0', async () => {
    const user = await newUser(t.db, { passwordChangedAt: new Date(Date.now() - 400 * 86_400_000) });
    await t.db.updateTable('settings').set({ value: '0' }).where('key', '=', 'password_max_age_days').execute();
    try {
      expect((await signIn(user.phone)).body.objectResult?.needUpdatePwd).toBe(false);
    } finally {
      await t.db.updateTable('settings').set({ value: '90' }).where('key', '=', 'password_max_age_days').execute();
    }
  });
});

describe('accounts sharing a phone', () => {
  it('answers needSelectUser with both accounts and their companies, then selectUserForLogin signs in once', async () => {
    const { body } = await signIn(DemoPhone.SHARED_PHONE);
    expect(body.error_code).toBe(0);
    const answer = body.objectResult!;
    expect(answer).toMatchObject({ needSelectUser: true, xtoken: null, user: null });
    expect(answer.userList.map((entry) => [entry.realName, entry.companies])).toEqual([
      ['Wang Fang (East)', ['East China Distribution']],
      ['Wang Fang (Haidian)', ['Haidian Service Point']],
    ]);
    const chosen = answer.userList[1]!.userId;
    const done = await call<LoginAnswer>(t.app, selectUserForLogin, { userId: chosen, accessKey: answer.accessKey });
    expect(done.body.objectResult).toMatchObject({
      needSelectUser: false,
      user: { userId: chosen, realName: 'Wang Fang (Haidian)' },
    });
    const again = await call(t.app, selectUserForLogin, { userId: chosen, accessKey: answer.accessKey });
    expect(again.body.error_code).toBe(ErrorCode.ACCESS_KEY_INVALID);
  });

  it('refuses an access key older than 5 minutes', async () => {
    const { body } = await signIn(DemoPhone.SHARED_PHONE);
    await t.db
      .updateTable('access_keys')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('used_at', 'is', null)
      .execute();
    const late = await call(t.app, selectUserForLogin, {
      userId: body.objectResult!.userList[0]!.userId,
      accessKey: body.objectResult!.accessKey,
    });
    expect(late.body).toEqual({
      error_code: ErrorCode.ACCESS_KEY_INVALID,
      error_msg: 'The account choice has expired, please log in again',
      objectResult: null,
    });
  });

  it('refuses an access key for an account it was not issued for', async () => {
    const { body } = await signIn(DemoPhone.SHARED_PHONE);
    const other = await newUser(t.db);
    const refused = await call(t.app, selectUserForLogin, {
      userId: other.id,
      accessKey: body.objectResult!.accessKey,
    });
    expect(refused.body.error_code).toBe(ErrorCode.ACCESS_KEY_INVALID);
  });
});

describe('identities', () => {
  it('refuses a customer account on dealer login and a dealer account on customer login', async () => {
    const dealerSide = await signIn(DemoPhone.CUSTOMER);
    expect(dealerSide.body).toEqual({
      error_code: ErrorCode.CUSTOMER_IDENTITY,
      error_msg: 'This is a user account, please switch to user login',
      objectResult: null,
    });
    const customerSide = await call(
      t.app,
      customerLogin,
      { userName: DemoPhone.OPERATOR, password: digest() },
      { language: 'zh_CN' },
    );
    expect(customerSide.body.error_code).toBe(ErrorCode.MERCHANT_IDENTITY);
    expect(customerSide.body.error_msg).toBe('该账号为商家身份，请切换到商家登录');
  });

  it('signs a customer in through the customer system with an x-token', async () => {
    const { body } = await call<{ 'x-token': string }>(t.app, customerLogin, {
      userName: DemoPhone.CUSTOMER,
      password: digest(),
      loginSource: 'app',
      type: 'user',
    });
    expect(body.error_code).toBe(0);
    expect(body.objectResult).toMatchObject({ user: { realName: 'Chen Jie' }, needUpdatePwd: false });
    const info = await call(t.app, getPersonalInfo, {}, { sessionid: body.objectResult!['x-token'] });
    expect(info.body.objectResult).toMatchObject({ userName: DemoPhone.CUSTOMER });
  });

  it('does not reveal the identity for a wrong password', async () => {
    expect((await signIn(DemoPhone.CUSTOMER, digest('Wrong123'))).body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
  });
});

describe('sessions', () => {
  it('ends the first session with -100 after a second sign-in', async () => {
    const user = await newUser(t.db);
    const first = await loginAs(t.app, user.phone);
    const second = await loginAs(t.app, user.phone);
    const old = await call(t.app, getPersonalInfo, {}, { sessionid: first });
    expect(old.status).toBe(200);
    expect(old.body).toEqual({
      error_code: -100,
      error_msg: 'Your account has been logged in on another device. Please log in again.',
      objectResult: null,
    });
    expect((await call(t.app, getPersonalInfo, {}, { sessionid: second })).body.error_code).toBe(0);
  });

  it('keeps one live session when the same account signs in concurrently', async () => {
    const user = await newUser(t.db);
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => loginAs(t.app, user.phone)));
    const live = await t.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .where('ended_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
    const answers = await Promise.all(
      tokens.map(async (token) => (await call(t.app, getPersonalInfo, {}, { sessionid: token })).body.error_code),
    );
    expect(answers.filter((code) => code === 0)).toHaveLength(1);
    expect(answers.filter((code) => code === -100)).toHaveLength(4);
  });

  it('answers HTTP 401 without a session, after 2 hours idle and after 7 days', async () => {
    const missing = await call(t.app, getPersonalInfo, {});
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      error_code: 401,
      error_msg: 'Your login has expired. Please log in again.',
      objectResult: null,
    });

    const idleUser = await newUser(t.db);
    const idle = await loginAs(t.app, idleUser.phone);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '121 minutes'` })
      .where('user_id', '=', idleUser.id)
      .execute();
    expect((await call(t.app, getPersonalInfo, {}, { sessionid: idle })).status).toBe(401);

    const oldUser = await newUser(t.db);
    const old = await loginAs(t.app, oldUser.phone);
    await t.db
      .updateTable('sessions')
      .set({ created_at: sql`now() - interval '7 days 1 minute'` })
      .where('user_id', '=', oldUser.id)
      .execute();
    const zh = await call(t.app, getPersonalInfo, {}, { sessionid: old, language: 'zh_CN' });
    expect(zh.status).toBe(401);
    expect(zh.body.error_msg).toBe('登录已过期，请重新登录');
  });

  it('ends the session of a disabled account', async () => {
    const user = await newUser(t.db);
    const token = await loginAs(t.app, user.phone);
    await t.db.updateTable('users').set({ enabled: false }).where('id', '=', user.id).execute();
    expect((await call(t.app, getPersonalInfo, {}, { sessionid: token })).status).toBe(401);
    expect((await signIn(user.phone)).body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
  });

  it('keeps an active session alive: last_seen_at moves when older than a minute', async () => {
    const user = await newUser(t.db);
    const token = await loginAs(t.app, user.phone);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '119 minutes'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await call(t.app, getPersonalInfo, {}, { sessionid: token })).status).toBe(200);
    const row = await t.db
      .selectFrom('sessions')
      .select(sql<boolean>`last_seen_at > now() - interval '1 minute'`.as('fresh'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.fresh).toBe(true);
  });

  it('logs out: the token then answers 401 and the account log shows sign-in and sign-out', async () => {
    const user = await newUser(t.db);
    const token = await loginAs(t.app, user.phone);
    expect((await call(t.app, logout, {}, { sessionid: token })).body).toEqual({
      error_code: 0,
      error_msg: 'Success',
      objectResult: null,
    });
    expect((await call(t.app, getPersonalInfo, {}, { sessionid: token })).status).toBe(401);
    expect(await accountLog(user.id)).toEqual(['signIn', 'signOut']);
  });
});
