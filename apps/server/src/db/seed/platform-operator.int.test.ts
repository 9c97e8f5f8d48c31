import { Writable } from 'node:stream';
import { ErrorCode, isPassword, login, selectAllNotices, updatePwd, type LoginAnswer } from '@dcc/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { md5Hex } from '../../auth/password.ts';
import { loadConfig } from '../../config.ts';
import { call } from '../../../test/harness.ts';
import { createScratchDatabase } from '../../../test/test-database.ts';
import { DEMO_PASSWORD, DemoPhone } from './demo.ts';
import { ensurePlatformOperator, oneTimePassword } from './platform-operator.ts';

const OPERATOR = '13811112222';

const collector = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, stream };
};

let built: BuiltApp;
let app: FastifyInstance;
let drop: (() => Promise<void>) | undefined;
const logs = collector();
const stdout = collector();

beforeAll(async () => {
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  drop = scratch?.drop;
  // What a production start reads: DATABASE_URL without SEED_DEMO (off by default there), OPERATOR_PHONE set.
  const database = scratch
    ? { DATABASE_URL: scratch.url, SMS_ALLOW_LOG_SENDER: 'true', DEVICE_SECRET_KEY: '5e'.repeat(32) }
    : { SEED_DEMO: 'false' };
  const config = {
    ...loadConfig({
      DATA_DIR: 'memory://',
      WEB_DIST: '/nonexistent',
      OPERATOR_PHONE: OPERATOR,
      MQTT_PORT: 'off',
      ...database,
    }),
    dbPoolSize: 4,
    checkResponses: true,
  };
  built = await buildApp({ config, logStream: logs.stream, announce: stdout.stream });
  app = built.app;
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

const printedPassword = () => /one-time password:\s+(\S+)/.exec(stdout.lines.join(''))?.[1] ?? '';

describe('first start of a production database', () => {
  it('creates the level-0 company and the buttons without the demo data', async () => {
    const companies = await built.database.db.selectFrom('dealers').select(['name', 'level']).execute();
    expect(companies).toEqual([{ name: 'Platform', level: 0 }]);
    expect((await built.database.db.selectFrom('buttons').select('id').execute()).length).toBeGreaterThan(10);
    const demo = await call(app, login, { name: DemoPhone.OPERATOR, password: md5Hex(DEMO_PASSWORD) });
    expect(demo.body.error_code).toBe(ErrorCode.SIGN_IN_FAILED);
  });

  it('prints the one-time password once to stdout, never to the JSON log', async () => {
    const text = stdout.lines.join('');
    expect(text).toContain(`phone (account):    ${OPERATOR}`);
    expect(isPassword(printedPassword())).toBe(true);
    expect(logs.lines.join('')).not.toContain(printedPassword());
    expect(logs.lines.join('')).toContain('one-time password was printed to stdout');
    // A later start finds the operator and prints nothing.
    expect(await ensurePlatformOperator(built.database.db, OPERATOR)).toEqual({ kind: 'present' });
  });

  it('forces the operator to change the one-time password at the first sign-in', async () => {
    const first = await call<LoginAnswer>(app, login, { name: OPERATOR, password: md5Hex(printedPassword()) });
    expect(first.body.objectResult).toMatchObject({ needUpdatePwd: true, user: { userName: OPERATOR } });
    const token = first.body.objectResult!.xtoken!;
    expect((await call(app, selectAllNotices, {}, { sessionid: token })).body.error_code).toBe(
      ErrorCode.PASSWORD_CHANGE_REQUIRED,
    );
    const changed = await call(
      app,
      updatePwd,
      { oldPassword: md5Hex(printedPassword()), password: 'Operator2026', confirmPassword: 'Operator2026' },
      { sessionid: token },
    );
    expect(changed.body.error_code).toBe(0);
    const again = await call<LoginAnswer>(app, login, { name: OPERATOR, password: md5Hex('Operator2026') });
    expect(again.body.objectResult?.needUpdatePwd).toBe(false);
  });
});

describe('one-time passwords', () => {
  it('meet the password rule and differ', () => {
    const passwords = Array.from({ length: 50 }, oneTimePassword);
    expect(passwords.every(isPassword)).toBe(true);
    expect(new Set(passwords).size).toBe(50);
  });
});
