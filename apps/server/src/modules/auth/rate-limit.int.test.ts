import { ErrorCode, getCode, login } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digest, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ rateLimits: { loginPerIpPerMinute: 5, loginPerAccountPerMinute: 3, codePerIpPerMinute: 2 } });
});
afterAll(async () => t.close());

const attempt = (name: string, ip: string, url = login.path, payload: Record<string, unknown> = { name, password: digest() }) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

describe('rate limits', () => {
  it('limits sign-in per account across IPs', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await attempt('13122220000', `10.0.0.${index + 1}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits sign-in per IP across accounts, with the envelope', async () => {
    const answers = [];
    for (let index = 0; index < 6; index += 1) answers.push(await attempt(`1312222100${index}`, '10.1.0.1'));
    expect(answers.slice(0, 5).map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]!.statusCode).toBe(429);
    expect(answers[5]!.json()).toEqual({ error_code: ErrorCode.RATE_LIMITED, error_msg: 'Too many requests, please try again later', objectResult: null });
  });

  it('limits code requests per IP', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) statuses.push((await attempt(`1312222200${index}`, '10.2.0.1', getCode.path, { name: `1312222200${index}` })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
