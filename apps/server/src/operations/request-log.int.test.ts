import { getCode, login, type LoginAnswer } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../test/factories.ts';
import { call, digest, startTestApp, type TestApp } from '../../test/harness.ts';
import { DemoPhone } from '../db/seed/demo.ts';
import { SECRET_LOG_FIELDS } from '../http/logger.ts';

let t: TestApp;
beforeAll(async () => {
  // Debug: whatever the server logs at any level is searched for secrets.
  t = await startTestApp({ logLevel: 'debug' });
});
afterAll(async () => t.close());

const logLines = () => t.logs.flatMap((chunk) => chunk.split('\n').filter(Boolean));

describe('request ids', () => {
  it('keeps a sane X-Request-Id, answers it, and carries it into every line the call logs', async () => {
    const user = await newUser(t.db);
    const answer = await t.app.inject({
      method: 'POST',
      url: `${getCode.path}?language=en_US`,
      headers: { 'x-request-id': 'lb-7f3a9c2e-0001' },
      payload: { name: user.phone },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-request-id']).toBe('lb-7f3a9c2e-0001');
    // The demo SMS sender logs through app.log, not request.log: the id still reaches its line.
    const line = logLines().find((entry) => entry.includes('SMS code for'));
    expect(line, t.logs.join('')).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ requestId: 'lb-7f3a9c2e-0001' });
  });

  it.each([
    ['absent', undefined],
    ['too short', 'abc'],
    ['with spaces and quotes', 'id "with" spaces'],
    ['too long', 'x'.repeat(65)],
  ])('makes a new UUID when the incoming id is %s', async (_case, given) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: given === undefined ? {} : { 'x-request-id': given },
    });
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('gives each call its own id', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => t.app.inject({ method: 'GET', url: '/healthz' })));
    expect(a!.headers['x-request-id']).not.toBe(b!.headers['x-request-id']);
  });
});

describe('secrets in the server log', () => {
  it("never writes a sign-in's password digest nor the session id it gives, even at debug level", async () => {
    const password = digest();
    const wrong = digest('Wrong-password-9');
    await call(t.app, login, { name: DemoPhone.OPERATOR, password: wrong });
    const signedIn = await call<LoginAnswer>(t.app, login, { name: DemoPhone.OPERATOR, password });
    const session = signedIn.body.objectResult?.xtoken;
    expect(session).toBeTruthy();
    // Objects that hold them, logged the way code could log them, are redacted by the one list.
    t.app.log.info({ body: { name: DemoPhone.OPERATOR, password }, sessionid: session }, 'probe: a whole body');
    t.app.log.warn({ account: { password: wrong, sessionid: session, xtoken: session } }, 'probe: nested fields');
    t.app.log.info({ headers: { authorization: `Bearer ${session}`, cookie: `sid=${session}` } }, 'probe: headers');
    const text = t.logs.join('');
    expect(text).toContain('probe: nested fields');
    expect(text).not.toContain(password);
    expect(text).not.toContain(wrong);
    expect(text).not.toContain(session!);
  });

  it('redacts each field of the one list at the top of a log object and one level down', () => {
    for (const field of SECRET_LOG_FIELDS) {
      const value = `secret-value-of-${field}`;
      t.app.log.info({ [field]: value, nested: { [field]: value } }, `probe ${field}`);
      const line = logLines().find((entry) => entry.includes(`"probe ${field}"`));
      expect(line, field).toBeDefined();
      expect(line, field).not.toContain(value);
    }
  });
});
