import { ErrorCode, forgetPwd, getCode, login, type LoginAnswer } from '@dcc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPhone } from '../../db/seed/demo.ts';
import { newUser } from '../../../test/factories.ts';
import { call, digest, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** The code in the last message the demo sender recorded for a phone. */
async function lastCode(phone: string): Promise<string> {
  const row = await t.db
    .selectFrom('sms_outbox')
    .select('text')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /(\d{6})/.exec(row.text)![1]!;
}

const codeLogin = (name: string, code: string) => call<LoginAnswer>(t.app, login, { name, code });
const ageCodes = (phone: string, interval: string) =>
  t.db
    .updateTable('sms_codes')
    .set({ created_at: sql`created_at - ${interval}::interval`, expires_at: sql`expires_at - ${interval}::interval` })
    .where('phone', '=', phone)
    .execute();

describe('SMS codes', () => {
  it('sends a 6-digit code, logs it masked, and signs in with it once', async () => {
    const user = await newUser(t.db);
    const sent = await call(t.app, getCode, { name: user.phone });
    expect(sent.body).toEqual({ error_code: 0, error_msg: 'Success', objectResult: { resendAfterSeconds: 120 } });
    const code = await lastCode(user.phone);
    const masked = `${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`;
    expect(t.logs.some((line) => line.includes(`SMS code for ${masked}: ${code}`))).toBe(true);
    expect((await codeLogin(user.phone, code)).body.objectResult?.user?.userId).toBe(user.id);
    expect((await codeLogin(user.phone, code)).body.error_code).toBe(ErrorCode.CODE_INVALID);
  });

  it('allows one code per 120 s per phone, purpose and account type', async () => {
    const user = await newUser(t.db);
    expect((await call(t.app, getCode, { name: user.phone })).body.error_code).toBe(0);
    const again = await call(t.app, getCode, { name: user.phone }, { language: 'zh_CN' });
    expect(again.body.error_code).toBe(ErrorCode.CODE_TOO_FREQUENT);
    expect(again.body.error_msg).not.toBe('');
    expect((await call(t.app, getCode, { name: user.phone, purpose: 'resetPwd' })).body.error_code).toBe(0);
    await ageCodes(user.phone, '121 seconds');
    expect((await call(t.app, getCode, { name: user.phone })).body.error_code).toBe(0);
  });

  it('sends one code when two requests for a phone arrive at once', async () => {
    const user = await newUser(t.db);
    const answers = await Promise.all([1, 2, 3].map(() => call(t.app, getCode, { name: user.phone })));
    expect(answers.map((answer) => answer.body.error_code).sort()).toEqual([
      0,
      ErrorCode.CODE_TOO_FREQUENT,
      ErrorCode.CODE_TOO_FREQUENT,
    ]);
    expect(await t.db.selectFrom('sms_outbox').select('id').where('phone', '=', user.phone).execute()).toHaveLength(1);
  });

  it('refuses a wrong code, and kills the code after 5 tries', async () => {
    const user = await newUser(t.db);
    await call(t.app, getCode, { name: user.phone });
    const code = await lastCode(user.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await codeLogin(user.phone, wrong);
    expect(first.body).toEqual({
      error_code: ErrorCode.CODE_INVALID,
      error_msg: 'Verification code incorrect or expired',
      objectResult: null,
    });
    for (let attempt = 0; attempt < 4; attempt += 1) await codeLogin(user.phone, wrong);
    expect((await codeLogin(user.phone, code)).body.error_code).toBe(ErrorCode.CODE_INVALID);
  });

  it('purges codes expired over an hour ago with their wrong guesses, and old guesses at no code, when codes are sent', async () => {
    const user = await newUser(t.db);
    await call(t.app, getCode, { name: user.phone });
    const code = await lastCode(user.phone);
    await codeLogin(user.phone, code === '000000' ? '111111' : '000000');
    await codeLogin('13100009999', '123456');
    const strayIds = (
      await t.db.selectFrom('sms_code_failures').select('id').where('code_id', 'is', null).execute()
    ).map((row) => row.id);
    await ageCodes(user.phone, '66 minutes');
    await t.db
      .updateTable('sms_code_failures')
      .set({ at: sql`at - interval '61 minutes'` })
      .where('id', 'in', strayIds)
      .execute();
    await call(t.app, getCode, { name: (await newUser(t.db)).phone });
    expect(await t.db.selectFrom('sms_codes').select('id').where('phone', '=', user.phone).execute()).toEqual([]);
    expect(await t.db.selectFrom('sms_code_failures').select('id').where('id', 'in', strayIds).execute()).toEqual([]);
  });

  it('expires a code after 5 minutes', async () => {
    const user = await newUser(t.db);
    await call(t.app, getCode, { name: user.phone });
    const code = await lastCode(user.phone);
    await ageCodes(user.phone, '301 seconds');
    expect((await codeLogin(user.phone, code)).body.error_code).toBe(ErrorCode.CODE_INVALID);
  });

  it('answers a phone without an account like one with an account, 120 s rule included, and sends nothing', async () => {
    const user = await newUser(t.db);
    const known = await call(t.app, getCode, { name: user.phone }, { language: 'zh_CN' });
    const unknown = await call(t.app, getCode, { name: '13122223333' }, { language: 'zh_CN' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const knownAgain = await call(t.app, getCode, { name: user.phone });
    const unknownAgain = await call(t.app, getCode, { name: '13122223333' });
    expect(unknownAgain.body).toEqual(knownAgain.body);
    expect(unknownAgain.body.error_code).toBe(ErrorCode.CODE_TOO_FREQUENT);
    expect(await t.db.selectFrom('sms_outbox').select('id').where('phone', '=', '13122223333').execute()).toEqual([]);
    // No code was sent, and none can be guessed: the stored row matches no code.
    for (const guess of ['000000', '123456'])
      expect((await codeLogin('13122223333', guess)).body.error_code).toBe(ErrorCode.CODE_INVALID);
  });

  it('answers forgetPwd for a phone without an account like a wrong code', async () => {
    const user = await newUser(t.db);
    await call(t.app, getCode, { name: user.phone, purpose: 'resetPwd' });
    await call(t.app, getCode, { name: '13122224444', purpose: 'resetPwd' });
    const wrongCode = (await lastCode(user.phone)) === '000001' ? '000002' : '000001';
    const reset = (name: string) =>
      call(t.app, forgetPwd, {
        name,
        code: wrongCode,
        password: 'Fresh2024x',
        confirmPassword: 'Fresh2024x',
        userType: 'dealer',
      });
    const known = await reset(user.phone);
    expect((await reset('13122224444')).body).toEqual(known.body);
    expect(known.body.error_code).toBe(ErrorCode.CODE_INVALID);
  });

  it('offers the account choice when a code proves a shared phone', async () => {
    await ageCodes(DemoPhone.SHARED_PHONE, '1 hour');
    await call(t.app, getCode, { name: DemoPhone.SHARED_PHONE });
    const { body } = await codeLogin(DemoPhone.SHARED_PHONE, await lastCode(DemoPhone.SHARED_PHONE));
    expect(body.objectResult).toMatchObject({ needSelectUser: true });
    expect(body.objectResult?.userList).toHaveLength(2);
  });
});

describe('forgotten password', () => {
  it('sets a new password with a resetPwd code; the old one stops working', async () => {
    const user = await newUser(t.db);
    await call(t.app, getCode, { name: user.phone, purpose: 'resetPwd', userType: 'dealer' });
    const code = await lastCode(user.phone);
    const reset = await call(t.app, forgetPwd, {
      name: user.phone,
      code,
      password: 'Fresh2024x',
      confirmPassword: 'Fresh2024x',
      userType: 'dealer',
    });
    expect(reset.body.error_code).toBe(0);
    expect((await call(t.app, login, { name: user.phone, password: digest() })).body.error_code).toBe(
      ErrorCode.SIGN_IN_FAILED,
    );
    expect((await call(t.app, login, { name: user.phone, password: digest('Fresh2024x') })).body.error_code).toBe(0);
  });

  it('refuses a login code for a reset, a weak password and a confirmation mismatch, changing nothing', async () => {
    const user = await newUser(t.db);
    await call(t.app, getCode, { name: user.phone, purpose: 'login' });
    const code = await lastCode(user.phone);
    const before = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const wrongPurpose = await call(t.app, forgetPwd, {
      name: user.phone,
      code,
      password: 'Fresh2024x',
      confirmPassword: 'Fresh2024x',
    });
    expect(wrongPurpose.body.error_code).toBe(ErrorCode.CODE_INVALID);
    const weak = await call(t.app, forgetPwd, { name: user.phone, code, password: 'short', confirmPassword: 'short' });
    expect(weak.body.error_msg).toBe(
      'Invalid request: password: Password must be 8-20 characters with letters and digits and no spaces',
    );
    const mismatch = await call(
      t.app,
      forgetPwd,
      { name: user.phone, code, password: 'Fresh2024x', confirmPassword: 'Fresh2024y' },
      { language: 'zh_CN' },
    );
    expect(mismatch.body.error_code).toBe(ErrorCode.BAD_REQUEST);
    expect(mismatch.body.error_msg).toContain('confirmPassword');
    const after = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
  });

  it('resets a customer password with userType user', async () => {
    const customer = await newUser(t.db, { identity: 'user' });
    await call(t.app, getCode, { name: customer.phone, purpose: 'resetPwd', userType: 'user' });
    const reset = await call(t.app, forgetPwd, {
      name: customer.phone,
      code: await lastCode(customer.phone),
      password: 'Cust2024ok',
      confirmPassword: 'Cust2024ok',
      userType: 'user',
    });
    expect(reset.body.error_code).toBe(0);
  });
});
