import net from 'node:net';
import { importPoints, uploadImage } from '@dcc/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DemoPhone } from '../../db/seed/demo.ts';
import { newDealer, newMember, newUser } from '../../../test/factories.ts';
import { loginAs, startTestApp, type TestApp } from '../../../test/harness.ts';

/** Multipart calls check session and button before reading any of the body (issue 8 item 8). */
let t: TestApp;
let port = 0;
let noButton: { sessionid: string; dealersid: string };
const sockets: net.Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
  const dealer = await newDealer(t.db, { level: 0 });
  const user = await newUser(t.db);
  await newMember(t.db, dealer, user.id, []);
  noButton = { sessionid: await loginAs(t.app, user.phone), dealersid: dealer };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});
afterAll(async () => t.close());

const BODY_BYTES = 100 * 1024 * 1024;

/**
 * Sends the headers of a 100 MB multipart upload and its first part, then keeps trickling bytes
 * that never complete it; answers what came back and how much of the body was sent when the server
 * closed the connection (the refusal came before the body: no timing is asserted).
 */
function endlessUpload(path: string, headers: Record<string, string>) {
  return new Promise<{ answer: string; sentBytes: number }>((resolve, reject) => {
    const boundary = '----never-ending';
    let answer = '';
    let sentBytes = 0;
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      const head = [
        `POST ${path}?language=en_US HTTP/1.1`,
        'Host: localhost',
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${BODY_BYTES}`,
      ];
      for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
      socket.write(
        `${head.join('\r\n')}\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n\r\n`,
      );
      const trickle = setInterval(() => {
        if (socket.destroyed) return clearInterval(trickle);
        sentBytes += 1024;
        socket.write(Buffer.alloc(1024, 7));
      }, 20);
      socket.on('close', () => clearInterval(trickle));
    });
    sockets.push(socket);
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ answer, sentBytes }));
    // At 50 KB/s the declared body would take over half an hour: a refusal before this bound came long before it.
    setTimeout(() => reject(new Error(`no refusal within 20 s; answer so far: ${answer.slice(0, 200)}`)), 20_000);
  });
}

describe('multipart calls are admitted before their body is read', () => {
  it('refuses an upload without a session at once and closes the connection, the body unread', async () => {
    const refused = await endlessUpload(uploadImage.path, {});
    expect(refused.answer).toMatch(/^HTTP\/1\.1 401/);
    expect(refused.answer.toLowerCase()).toContain('connection: close');
    expect(refused.sentBytes).toBeLessThan(BODY_BYTES);
  });

  it('refuses an expired session the same way', async () => {
    const refused = await endlessUpload(uploadImage.path, { sessionid: 'f'.repeat(64) });
    expect(refused.answer).toMatch(/^HTTP\/1\.1 401/);
    expect(refused.sentBytes).toBeLessThan(BODY_BYTES);
  });

  it('refuses a point import by a member without the button before reading the workbook', async () => {
    const refused = await endlessUpload(importPoints.path, noButton);
    expect(refused.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(refused.answer).toContain('"error_code":3001');
    expect(refused.sentBytes).toBeLessThan(BODY_BYTES);
  });

  it('still takes a signed-in upload whose context is in the headers', async () => {
    const token = await loginAs(t.app, DemoPhone.LEVEL2_DEVICES_ONLY);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])]), 'a.png');
    const response = await fetch(`http://127.0.0.1:${port}${uploadImage.path}?language=en_US`, {
      method: 'POST',
      headers: { sessionid: token },
      body: form,
    });
    expect(((await response.json()) as { error_code: number }).error_code).toBe(0);
  });
});
