import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, getCode, login, type LoginAnswer } from '@dcc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../../test/factories.ts';
import { call, startTestApp, type TestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/until.ts';

/** What the provider received: the request's headers and JSON body. */
interface Received {
  headers: IncomingMessage['headers'];
  body: { phone: string; code: string; validMinutes: number; signName: string; templateId: string };
}

let provider: Server;
let providerUrl: string;
const received: Received[] = [];
let waiting: ((entry: Received) => void) | null = null;
/** Phones for which the provider answers 500 or never answers. */
const failing = new Set<string>();
const silent = new Set<string>();

let t: TestApp;
beforeAll(async () => {
  provider = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const entry: Received = { headers: request.headers, body: JSON.parse(text) as Received['body'] };
      received.push(entry);
      waiting?.(entry);
      if (silent.has(entry.body.phone)) return;
      response
        .writeHead(failing.has(entry.body.phone) ? 500 : 200, { 'content-type': 'application/json' })
        .end('{"ok":true}');
    });
  });
  provider.listen(0, '127.0.0.1');
  await once(provider, 'listening');
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/sms/send`;
  t = await startTestApp({
    seedDemo: false,
    sms: {
      provider: 'http',
      url: providerUrl,
      token: 'provider-token',
      signName: 'Aurora',
      templateId: 'SMS_123',
      timeoutMs: 500,
    },
  });
});
afterAll(async () => {
  await t?.close();
  provider.closeAllConnections();
  provider.close();
});

/** Whether the log shows this code as a number of its own (timestamps hold many digit runs). */
const logsShow = (code: string) => new RegExp(`(^|\\D)${code}(\\D|$)`).test(t.logs.join('\n'));
const nextDelivery = () => new Promise<Received>((resolve) => (waiting = resolve));

describe('HTTP SMS sender', () => {
  it('posts the phone and the code to the provider, never logs the code, and the code signs in', async () => {
    const user = await newUser(t.db);
    const delivered = nextDelivery();
    expect((await call(t.app, getCode, { name: user.phone })).body.error_code).toBe(0);
    const entry = await delivered;
    expect(entry.headers.authorization).toBe('Bearer provider-token');
    expect(entry.headers['content-type']).toBe('application/json');
    expect(entry.body).toMatchObject({ phone: user.phone, validMinutes: 5, signName: 'Aurora', templateId: 'SMS_123' });
    expect(entry.body.code).toMatch(/^\d{6}$/);
    expect(logsShow(entry.body.code)).toBe(false);
    // Nothing goes to the demo outbox with a real provider.
    expect(await t.db.selectFrom('sms_outbox').select('id').where('phone', '=', user.phone).execute()).toEqual([]);
    const signedIn = await call<LoginAnswer>(t.app, login, { name: user.phone, code: entry.body.code });
    expect(signedIn.body.objectResult?.user?.userId).toBe(user.id);
  });

  it('sends nothing for a phone without an account, answering the same', async () => {
    const before = received.length;
    const answer = await call(t.app, getCode, { name: '13144445555' });
    expect(answer.body).toEqual({ error_code: 0, error_msg: 'Success', objectResult: { resendAfterSeconds: 120 } });
    // A code for an account, asked for afterwards, reaches the provider after anything the first call sent.
    const marker = await newUser(t.db);
    const delivered = nextDelivery();
    await call(t.app, getCode, { name: marker.phone });
    expect((await delivered).body.phone).toBe(marker.phone);
    expect(received.pop()!.body.phone).toBe(marker.phone);
    expect(received.length).toBe(before);
  });

  it('answers success when the provider fails or hangs, and logs the masked phone without the code', async () => {
    const refusing = await newUser(t.db);
    const hanging = await newUser(t.db);
    failing.add(refusing.phone);
    silent.add(hanging.phone);
    const refused = nextDelivery();
    expect((await call(t.app, getCode, { name: refusing.phone })).body.error_code).toBe(ErrorCode.OK);
    const refusedCode = (await refused).body.code;
    const hung = nextDelivery();
    expect((await call(t.app, getCode, { name: hanging.phone })).body.error_code).toBe(ErrorCode.OK);
    const hungCode = (await hung).body.code;
    // The hanging request gives up after the provider timeout (500 ms here) and logs it.
    const failuresLogged = [
      'SMS provider refused a verification code',
      'SMS provider not reached for a verification code',
    ];
    await waitFor('both failures logged', () => failuresLogged.every((line) => t.logs.join('\n').includes(line)));
    const logs = t.logs.join('\n');
    expect(logs).toContain(`${refusing.phone.slice(0, 3)}****${refusing.phone.slice(-4)}`);
    expect(logs).toContain('SMS provider refused a verification code');
    expect(logs).toContain('SMS provider not reached for a verification code');
    expect(logsShow(refusedCode)).toBe(false);
    expect(logsShow(hungCode)).toBe(false);
  });
});
