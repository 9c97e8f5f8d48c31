import {
  ALL_CALLS,
  ErrorCode,
  PLATFORM_STATUS_PATH,
  getPersonalInfo,
  login,
  selectAllNotices,
  updateNoticeAsRead,
  updatePersonalInfo,
} from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPhone } from '../db/seed/demo.ts';
import { authRoutes } from '../modules/auth/routes.ts';
import { newUser } from '../../test/factories.ts';
import { call, digest, loginAs, startTestApp, type TestApp } from '../../test/harness.ts';
import { callsWithoutHandler } from './register-calls.ts';
import { OutboxSmsSender } from '../auth/sms-sender.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

describe('contract coverage', () => {
  it('has a handler for every contract call', () => {
    expect(callsWithoutHandler(t.routes).map((def) => def.path)).toEqual([]);
    for (const def of ALL_CALLS) expect(t.app.hasRoute({ method: 'POST', url: def.path }), def.path).toBe(true);
  });

  it('names the calls a partial route list leaves without a handler', () => {
    const partial = authRoutes(t.db, new OutboxSmsSender(t.db, t.app.log));
    const missing = callsWithoutHandler(partial).map((def) => def.path);
    expect(missing).toContain(selectAllNotices.path);
    expect(missing).not.toContain(login.path);
  });
});

describe('bad input', () => {
  it('refuses a missing field with the exact message in both languages', async () => {
    const english = await call(t.app, login, { password: digest() });
    expect(english.status).toBe(400);
    expect(english.body).toEqual({
      error_code: ErrorCode.BAD_REQUEST,
      error_msg: 'Invalid request: name: Account cannot be empty',
      objectResult: { fieldErrors: [{ field: 'name', message: 'Account cannot be empty' }] },
    });
    const chinese = await call(t.app, login, { password: digest() }, { language: 'zh_CN' });
    expect(chinese.body).toEqual({
      error_code: ErrorCode.BAD_REQUEST,
      error_msg: '请求无效：name: 账号不能为空',
      objectResult: { fieldErrors: [{ field: 'name', message: '账号不能为空' }] },
    });
  });

  it('refuses a wrong type', async () => {
    const token = await loginAs(t.app, DemoPhone.LEVEL2_DEVICES_ONLY);
    const { body } = await call(t.app, updateNoticeAsRead, { readAll: 1 }, { sessionid: token });
    expect(body).toEqual({
      error_code: ErrorCode.BAD_REQUEST,
      error_msg: "Invalid request: readAll: readAll must be '0' or '1'",
      objectResult: { fieldErrors: [{ field: 'readAll', message: "readAll must be '0' or '1'" }] },
    });
  });

  it('refuses extra fields (level, __proto__) and changes nothing', async () => {
    const user = await newUser(t.db, { realName: 'Before' });
    const token = await loginAs(t.app, user.phone);
    const extra = await call(
      t.app,
      updatePersonalInfo,
      { realName: 'After', email: '', img: '', level: 0 },
      { sessionid: token },
    );
    expect(extra.body).toEqual({
      error_code: ErrorCode.BAD_REQUEST,
      error_msg: 'Invalid request: Unknown field: level',
      objectResult: null,
    });
    const proto = await post(
      `${updatePersonalInfo.path}?language=en_US`,
      `{"realName":"After","email":"","img":"","sessionid":"${token}","__proto__":{"admin":true}}`,
    );
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual({
      error_code: ErrorCode.BAD_REQUEST,
      error_msg: 'Invalid request: Unknown field: __proto__',
      objectResult: null,
    });
    const row = await t.db.selectFrom('users').select('real_name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.real_name).toBe('Before');
  });

  it('answers HTTP 404 UNKNOWN_CALL for an unknown path', async () => {
    const response = await post('/cloudservice/api/nothing/here?language=zh_CN', '{}');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error_code: ErrorCode.UNKNOWN_CALL,
      error_msg: '未知接口：/cloudservice/api/nothing/here',
      objectResult: null,
    });
  });

  it('answers BODY_TOO_LARGE over 1 MB and NOT_JSON for a broken or non-JSON body', async () => {
    const large = await post(login.path, JSON.stringify({ name: 'x'.repeat(1024 * 1024) }));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({
      error_code: ErrorCode.BODY_TOO_LARGE,
      error_msg: 'The request body is larger than 1 MB',
      objectResult: null,
    });
    const broken = await post(login.path, '{"name": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      error_code: ErrorCode.NOT_JSON,
      error_msg: 'The request body is not valid JSON',
      objectResult: null,
    });
    const text = await post(login.path, 'name=1', 'text/plain');
    expect(text.json().error_code).toBe(ErrorCode.NOT_JSON);
  });

  it('answers English for a missing or unknown language', async () => {
    const response = await post('/cloudservice/api/nothing?language=fr_FR', '{}');
    expect(response.json().error_msg).toBe('Unknown call: /cloudservice/api/nothing');
    const none = await t.app.inject({ method: 'POST', url: getPersonalInfo.path, payload: {} });
    expect(none.json().error_msg).toBe('Your login has expired. Please log in again.');
  });
});

describe('platform status file', () => {
  it('answers the entries in the caller language without a session, not enveloped', async () => {
    const english = await t.app.inject({ method: 'GET', url: `${PLATFORM_STATUS_PATH}?t=1&language=en_US` });
    expect(english.json()).toEqual([
      {
        state: 'A',
        status: 'warning',
        message: 'Scheduled maintenance on Saturday 02:00-04:00 (Beijing time); device data may be delayed.',
      },
    ]);
    const chinese = await t.app.inject({ method: 'GET', url: `${PLATFORM_STATUS_PATH}?language=zh_CN` });
    expect(chinese.json()[0].message).toMatch(/维护/);
    expect(chinese.headers['cache-control']).toBe('no-store');
  });
});

describe('headers and logs', () => {
  it('sends security headers on success, refusal and unknown paths', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: PLATFORM_STATUS_PATH }),
      await post(login.path, '{}'),
      await post('/nope', '{}'),
    ];
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      expect(answer.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('never writes a password digest or a token to the log, and hides internal errors', async () => {
    const token = await loginAs(t.app, DemoPhone.TWO_COMPANIES);
    await call(t.app, login, { name: DemoPhone.TWO_COMPANIES, password: digest('Wrong123') });
    await t.db.schema.dropTable('notice_reads').execute();
    const broken = await call(t.app, selectAllNotices, {}, { sessionid: token });
    expect(broken.status).toBe(500);
    expect(broken.body).toEqual({ error_code: ErrorCode.INTERNAL, error_msg: 'Operation failed', objectResult: null });
    const text = t.logs.join('');
    expect(text).toContain('unexpected error');
    for (const secret of [token, digest(), digest('Wrong123'), 'Demo@123456']) expect(text).not.toContain(secret);
  });
});
