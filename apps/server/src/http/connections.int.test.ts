import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { login } from '@dcc/contract';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadLimitsConfig } from '../limits-config.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/** Slow clients (issue 8 item 7): each sends complete headers announcing a body that never comes. */
const SLOW_CLIENTS = 2000;

let t: TestApp | null = null;
const sockets: net.Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});
afterAll(async () => t?.close());

async function listen(limits: Partial<ReturnType<typeof loadLimitsConfig>>): Promise<{ port: number }> {
  await t?.close();
  t = await startTestApp({ seedDemo: false, limits: { ...loadLimitsConfig({}), ...limits } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (t.app.server.address() as net.AddressInfo).port };
}

const SLOW_REQUEST = `POST ${login.path}?language=en_US HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":`;

/** Opens a connection from `localAddress` and sends a request whose body never completes. */
const slowClient = (port: number, localAddress = '127.0.0.1') =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () => {
      socket.write(SLOW_REQUEST);
      resolve(socket);
    });
    socket.on('error', reject);
    sockets.push(socket);
  });

/** What a socket receives until the server closes it, and when. */
const untilClosed = (socket: net.Socket) =>
  new Promise<{ data: string; ms: number }>((resolve) => {
    const begin = performance.now();
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ data, ms: performance.now() - begin }));
  });

/** One normal call over a fresh connection from another address (a sign-in that fails), timed. */
const normalCall = (port: number, localAddress: string) =>
  new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const begin = performance.now();
    const body = JSON.stringify({ name: '13900000000', password: '0'.repeat(32) });
    const request = http.request(
      {
        port,
        host: '127.0.0.1',
        localAddress,
        method: 'POST',
        path: `${login.path}?language=en_US`,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - begin }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });

async function serverConnections(): Promise<number> {
  return new Promise((resolve, reject) =>
    t!.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

describe('connections under a slow-body attack', () => {
  it(`holds ${SLOW_CLIENTS} slow connections from one address, closes the one over the cap at once, and answers another client quickly`, async () => {
    const { port } = await listen({ maxConnectionsPerIp: SLOW_CLIENTS, requestTimeoutMs: 60_000 });
    for (let i = 0; i < SLOW_CLIENTS; i += 200)
      await Promise.all(Array.from({ length: Math.min(200, SLOW_CLIENTS - i) }, () => slowClient(port)));
    await expect.poll(serverConnections, { timeout: 10_000 }).toBe(SLOW_CLIENTS);

    const over = await slowClient(port);
    const refused = await untilClosed(over);
    expect(refused.data).toBe('');
    expect(refused.ms).toBeLessThan(1000);

    const answered = await normalCall(port, '127.0.0.2');
    expect(answered.status).toBe(200);
    expect(answered.ms).toBeLessThan(2000);
    expect(await serverConnections()).toBeGreaterThanOrEqual(SLOW_CLIENTS);
  }, 120_000);

  it('drops a body that does not complete within the request timeout with 408', async () => {
    const { port } = await listen({ requestTimeoutMs: 2000, headersTimeoutMs: 300 });
    const socket = await slowClient(port);
    const closed = await untilClosed(socket);
    expect(closed.data).toMatch(/^HTTP\/1\.1 408/);
    expect(closed.ms).toBeGreaterThan(1500);
    expect(closed.ms).toBeLessThan(5000);
  }, 60_000);

  it('closes a connection that never finishes its headers, before the request timeout', async () => {
    const port = (t!.app.server.address() as net.AddressInfo).port;
    const socket = net.connect({ port, host: '127.0.0.1' });
    sockets.push(socket);
    socket.write(`POST ${login.path} HTTP/1.1\r\nHost: localhost\r\n`);
    const closed = await untilClosed(socket);
    expect(closed.data).toMatch(/^HTTP\/1\.1 408/);
    expect(closed.ms).toBeLessThan(1800);
  });
});
