import { ErrorCode, forgetPwd, getCode, login } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../../test/factories.ts';
import { digest, startTestApp, type TestApp } from '../../../test/harness.ts';

const STRANGER = '10.20.0.1';
const OWNER = '10.20.0.2';

/** A call from a source address, answered as status and raw body (byte for byte). */
const from = (t: TestApp, ip: string, path: string, payload: Record<string, unknown>, language = 'en_US') =>
  t.app
    .inject({ method: 'POST', url: `${path}?language=${language}`, payload, remoteAddress: ip })
    .then((response) => ({
      status: response.statusCode,
      body: response.body,
      code: (response.json() as { error_code: number }).error_code,
    }));

/** The code in the last message the demo sender recorded for a phone. */
async function lastCode(t: TestApp, phone: string): Promise<string> {
  const row = await t.db
    .selectFrom('sms_outbox')
    .select('text')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /(\d{6})/.exec(row.text)![1]!;
}
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('a stranger cannot lock the owner out of the console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      rateLimits: {
        loginPerIpPerMinute: 1000,
        loginPerAccountPerMinute: 8,
        codePerIpPerMinute: 1000,
        failuresPerMinute: 1000,
      },
    });
  });
  afterAll(async () => t.close());

  it("wrong passwords (lock and per-account limit) hold the stranger's address only; the owner signs in from another", async () => {
    const user = await newUser(t.db);
    const answers = [];
    for (let i = 0; i < 10; i += 1)
      answers.push(await from(t, STRANGER, login.path, { name: user.phone, password: digest('Wrong123') }));
    expect(answers.slice(0, 8).map((answer) => answer.code)).toEqual(Array(8).fill(ErrorCode.SIGN_IN_FAILED));
    expect(answers.slice(8).map((answer) => answer.code)).toEqual([ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED]);
    expect((await from(t, OWNER, login.path, { name: user.phone, password: digest() })).code).toBe(0);
    // The stranger's address stays locked for this account, even with the right password, and learns nothing.
    const other = await newUser(t.db);
    for (let i = 0; i < 5; i += 1)
      await from(t, '10.20.0.3', login.path, { name: other.phone, password: digest('Wrong123') });
    const right = await from(t, '10.20.0.3', login.path, { name: other.phone, password: digest() });
    const unknown = await from(t, '10.20.0.3', login.path, { name: '13100009999', password: digest() });
    expect(right).toEqual(unknown);
    expect((await from(t, '10.20.0.4', login.path, { name: other.phone, password: digest() })).code).toBe(0);
  });

  it("wrong SMS codes hold the stranger's address only; the owner's code still works from another", async () => {
    const user = await newUser(t.db);
    expect((await from(t, OWNER, getCode.path, { name: user.phone })).code).toBe(0);
    const code = await lastCode(t, user.phone);
    for (let i = 0; i < 6; i += 1)
      expect((await from(t, STRANGER, login.path, { name: user.phone, code: otherThan(code) })).code).toBe(
        ErrorCode.CODE_INVALID,
      );
    // Five tries per address: the stranger's address is done with this code, even had it guessed right.
    expect((await from(t, STRANGER, login.path, { name: user.phone, code })).code).toBe(ErrorCode.CODE_INVALID);
    expect((await from(t, OWNER, login.path, { name: user.phone, code })).code).toBe(0);
  });

  it('asking for codes of another purpose or account type does not keep the owner from getting theirs', async () => {
    const user = await newUser(t.db);
    expect(
      (await from(t, STRANGER, getCode.path, { name: user.phone, purpose: 'resetPwd', userType: 'user' })).code,
    ).toBe(0);
    expect((await from(t, STRANGER, getCode.path, { name: user.phone, purpose: 'login', userType: 'user' })).code).toBe(
      0,
    );
    expect(
      (await from(t, OWNER, getCode.path, { name: user.phone, purpose: 'resetPwd', userType: 'dealer' })).code,
    ).toBe(0);
    const code = await lastCode(t, user.phone);
    expect(
      (
        await from(t, OWNER, forgetPwd.path, {
          name: user.phone,
          code,
          password: 'Fresh2024x',
          confirmPassword: 'Fresh2024x',
          userType: 'dealer',
        })
      ).code,
    ).toBe(0);
  });
});

describe('the global budget of failed proofs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      rateLimits: {
        loginPerIpPerMinute: 1000,
        loginPerAccountPerMinute: 1000,
        codePerIpPerMinute: 1000,
        failuresPerMinute: 6,
      },
    });
  });
  afterAll(async () => t.close());

  it('past it, addresses that failed are refused while an owner who has not failed signs in', async () => {
    const users = await Promise.all([1, 2, 3].map(() => newUser(t.db)));
    for (const [index, user] of users.entries()) {
      for (let i = 0; i < 2; i += 1)
        await from(t, `10.30.0.${index + 1}`, login.path, { name: user.phone, password: digest('Wrong123') });
    }
    expect((await from(t, '10.30.0.1', login.path, { name: users[0]!.phone, password: digest() })).code).toBe(
      ErrorCode.RATE_LIMITED,
    );
    expect((await from(t, '10.30.0.9', login.path, { name: users[0]!.phone, password: digest() })).code).toBe(0);
  });
});

describe('answers before a proof are the same for what exists and what does not', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('login, getCode and forgetPwd answer an unknown account and a wrong proof byte for byte alike, in both languages', async () => {
    const user = await newUser(t.db);
    for (const language of ['en_US', 'zh_CN']) {
      const unknownPhone = language === 'en_US' ? '13100007771' : '13100007772';
      const wrong = await from(
        t,
        '10.40.0.1',
        login.path,
        { name: user.phone, password: digest('Wrong123') },
        language,
      );
      expect(
        await from(t, '10.40.0.1', login.path, { name: unknownPhone, password: digest('Wrong123') }, language),
      ).toEqual(wrong);
      const purpose = language === 'en_US' ? 'login' : 'resetPwd';
      const sent = await from(t, '10.40.0.1', getCode.path, { name: user.phone, purpose }, language);
      expect(await from(t, '10.40.0.1', getCode.path, { name: unknownPhone, purpose }, language)).toEqual(sent);
      const again = await from(t, '10.40.0.1', getCode.path, { name: user.phone, purpose }, language);
      expect(again.code).toBe(ErrorCode.CODE_TOO_FREQUENT);
      expect(await from(t, '10.40.0.1', getCode.path, { name: unknownPhone, purpose }, language)).toEqual(again);
    }
    const code = await lastCode(t, user.phone);
    const reset = (name: string) =>
      from(t, '10.40.0.2', forgetPwd.path, {
        name,
        code: otherThan(code),
        password: 'Fresh2024x',
        confirmPassword: 'Fresh2024x',
        userType: 'dealer',
      });
    const known = await reset(user.phone);
    expect(known.code).toBe(ErrorCode.CODE_INVALID);
    expect(await reset('13100007772')).toEqual(known);
    expect(await reset('13100007773')).toEqual(known);
  });
});
