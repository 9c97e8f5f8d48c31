import { randomBytes } from 'node:crypto';
import { ErrorCode, getCode, login } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digest, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    rateLimits: { loginPerIpPerMinute: 5, loginPerAccountPerMinute: 3, codePerIpPerMinute: 2, failuresPerMinute: 1000 },
  });
});
afterAll(async () => t.close());

const attempt = (
  name: string,
  ip: string,
  url = login.path,
  payload: Record<string, unknown> = { name, password: digest() },
) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

describe('rate limits (in memory without REDIS_URL)', () => {
  it("limits sign-in per account from one address, never for the account's other addresses", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await attempt('13122220000', '10.0.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await attempt('13122220000', '10.0.0.2')).statusCode).toBe(200);
  });

  it('limits sign-in per IP across accounts, with the envelope', async () => {
    const answers = [];
    for (let index = 0; index < 6; index += 1) answers.push(await attempt(`1312222100${index}`, '10.1.0.1'));
    expect(answers.slice(0, 5).map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]!.statusCode).toBe(429);
    expect(answers[5]!.json()).toEqual({
      error_code: ErrorCode.RATE_LIMITED,
      error_msg: 'Too many requests, please try again later',
      objectResult: null,
    });
  });

  it('limits code requests per IP', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1)
      statuses.push(
        (await attempt(`1312222200${index}`, '10.2.0.1', getCode.path, { name: `1312222200${index}` })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe.skipIf(!process.env.REDIS_URL)('rate limits shared through Redis', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('two instances sharing Redis share one limit per IP and per account, in the caller language', async () => {
    // A prefix of its own: other runs and deployments on this Redis never see these counters.
    const shared = {
      redisUrl: process.env.REDIS_URL!,
      redisKeyPrefix: `dcc-test:${randomBytes(6).toString('hex')}:`,
      seedDemo: false,
    };
    const limits = {
      loginPerIpPerMinute: 4,
      loginPerAccountPerMinute: 3,
      codePerIpPerMinute: 2,
      failuresPerMinute: 1000,
    };
    apps.push(
      ...(await Promise.all([
        startTestApp({ ...shared, rateLimits: limits }),
        startTestApp({ ...shared, rateLimits: limits }),
      ])),
    );
    const [first, second] = apps as [TestApp, TestApp];
    const post = (t: TestApp, name: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `${login.path}?language=zh_CN`,
        payload: { name, password: digest() },
        remoteAddress: ip,
      });

    // Per account and address: 3 a minute whichever instance answers.
    const byAccount = [
      await post(first, '13133330000', '10.5.0.1'),
      await post(second, '13133330000', '10.5.0.1'),
      await post(first, '13133330000', '10.5.0.1'),
    ];
    expect(byAccount.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await post(first, '13133330000', '10.5.0.2')).statusCode).toBe(200);
    const refused = await post(second, '13133330000', '10.5.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error_code: ErrorCode.RATE_LIMITED,
      error_msg: '请求过于频繁，请稍后再试',
      objectResult: null,
    });

    // Per IP: 4 a minute across both instances.
    const byIp = [];
    for (let index = 0; index < 5; index += 1)
      byIp.push((await post(index % 2 === 0 ? first : second, `1313333100${index}`, '10.6.0.1')).statusCode);
    expect(byIp).toEqual([200, 200, 200, 200, 429]);
  }, 120_000);

  it('an instance with its own prefix (another deployment) does not count them', async () => {
    const other = await startTestApp({
      seedDemo: false,
      redisUrl: process.env.REDIS_URL!,
      redisKeyPrefix: `dcc-test:${randomBytes(6).toString('hex')}:`,
      rateLimits: {
        loginPerIpPerMinute: 1,
        loginPerAccountPerMinute: 1,
        codePerIpPerMinute: 1,
        failuresPerMinute: 1000,
      },
    });
    apps.push(other);
    const answer = await other.app.inject({
      method: 'POST',
      url: login.path,
      payload: { name: '13133330000', password: digest() },
      remoteAddress: '10.6.0.1',
    });
    expect(answer.statusCode).toBe(200);
  }, 60_000);
});
