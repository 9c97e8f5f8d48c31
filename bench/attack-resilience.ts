/**
 * Issue 8's attacks at the size the review ran them, not a test:
 * - a slow-body flood: ATTACK_CONNECTIONS connection attempts (21,000 by default) from one address,
 *   each sending complete headers that announce a body which never comes, while another address
 *   makes normal calls; prints how many the server holds, how fast the refused ones are closed and
 *   the normal calls' latency before and during the flood;
 * - sign-in timing: unknown account against wrong password (medians of SIGN_IN_TRIES each).
 * The server runs in this process on embedded PGlite in memory with the default limits.
 *
 *   node --import tsx bench/attack-resilience.ts
 */
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { login } from '@dcc/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { md5Hex } from '../apps/server/src/auth/password.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const ATTACK_CONNECTIONS = Number(process.env.ATTACK_CONNECTIONS ?? 21_000);
const NORMAL_CALLS = 50;
const SIGN_IN_TRIES = Number(process.env.SIGN_IN_TRIES ?? 20);
const SLOW_REQUEST = `POST ${login.path}?language=en_US HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":`;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number): string => `${value.toFixed(1)} ms`;
/** A figure beside the ceiling it should stay under (what the tests asserted before issue 19 moved the clock here). */
const underCeiling = (value: number, ceiling: number, unit = ' ms'): string =>
  `(ceiling ${ceiling}${unit}${value < ceiling ? '' : ', EXCEEDED'})`;

/** One sign-in over a fresh connection from `localAddress`, timed; answers the status and error code. */
function signIn(
  port: number,
  localAddress: string,
  name: string,
  password: string,
): Promise<{ ms: number; code: number }> {
  return new Promise((resolve, reject) => {
    const begin = performance.now();
    const body = JSON.stringify({ name, password });
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
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ ms: performance.now() - begin, code: (JSON.parse(text) as { error_code: number }).error_code }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A slow client: resolves when the server has closed it (or at once when it was held), with when. */
function slowClient(port: number, held: net.Socket[], closedAfter: number[]): Promise<void> {
  return new Promise((resolve) => {
    const begin = performance.now();
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' }, () =>
      socket.write(SLOW_REQUEST),
    );
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      resolve();
    };
    socket.on('error', done);
    socket.on('close', () => {
      closedAfter.push(performance.now() - begin);
      done();
    });
    // Still open after 200 ms: the server holds it (until its request timeout).
    setTimeout(() => {
      if (!socket.destroyed) held.push(socket);
      done();
    }, 200);
  });
}

async function normalLatencies(port: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < NORMAL_CALLS; i += 1)
    times.push((await signIn(port, '127.0.0.2', '13900000000', md5Hex('not the password'))).ms);
  return times;
}

async function main(): Promise<void> {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'error',
    WEB_DIST: '/nonexistent',
    SEED_DEMO: 'true',
    LOGIN_RATE_PER_MINUTE: '0',
    LOGIN_ACCOUNT_RATE_PER_MINUTE: '0',
  });
  console.log(
    `machine: ${os.cpus().length} cpus, ${os.cpus()[0]?.model ?? '?'}, node ${process.version}; load average before ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `limits: request ${config.limits.requestTimeoutMs} ms, headers ${config.limits.headersTimeoutMs} ms, ${config.limits.maxConnectionsPerIp} connections per address`,
  );
  const { app } = await buildApp({ config });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;

    const quiet = await normalLatencies(port);
    console.log(`normal sign-in call, quiet: p50 ${ms(percentile(quiet, 50))}, p95 ${ms(percentile(quiet, 95))}`);

    const held: net.Socket[] = [];
    const closedAfter: number[] = [];
    const attackStart = performance.now();
    const during = normalLatencies(port);
    for (let i = 0; i < ATTACK_CONNECTIONS; i += 500) {
      await Promise.all(
        Array.from({ length: Math.min(500, ATTACK_CONNECTIONS - i) }, () => slowClient(port, held, closedAfter)),
      );
    }
    const attackMs = performance.now() - attackStart;
    const underAttack = await during;
    const connections = await new Promise<number>((resolve, reject) =>
      app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
    console.log(
      `slow-body flood: ${ATTACK_CONNECTIONS} attempts from 127.0.0.1 in ${ms(attackMs)}; held open by the server ${held.filter((socket) => !socket.destroyed).length} (its connection count ${connections}); closed by the server ${closedAfter.length}, closed (from connect) after p50 ${ms(percentile(closedAfter, 50))}, p95 ${ms(percentile(closedAfter, 95))} ${underCeiling(percentile(closedAfter, 95), 1000)}`,
    );
    console.log(
      `normal sign-in call from 127.0.0.2 during the flood: p50 ${ms(percentile(underAttack, 50))}, p95 ${ms(percentile(underAttack, 95))}, max ${ms(Math.max(...underAttack))} ${underCeiling(Math.max(...underAttack), 2000)}`,
    );
    for (const socket of held) socket.destroy();

    const unknown: number[] = [];
    const wrong: number[] = [];
    const codes = new Set<number>();
    for (let i = 0; i < SIGN_IN_TRIES; i += 1) {
      const a = await signIn(port, '127.0.0.3', `1390000${String(9000 + i)}`, md5Hex('Guess@123456'));
      // A different demo account each try, so that five wrong passwords never lock one.
      const b = await signIn(
        port,
        '127.0.0.3',
        ['13900000001', '13900000002', '13900000011', '13900000012'][i % 4]!,
        md5Hex(`Guess@${i}`),
      );
      unknown.push(a.ms);
      wrong.push(b.ms);
      codes.add(a.code).add(b.code);
    }
    const ratio =
      Math.max(percentile(unknown, 50), percentile(wrong, 50)) /
      Math.min(percentile(unknown, 50), percentile(wrong, 50));
    console.log(
      `sign-in, unknown account: median ${ms(percentile(unknown, 50))}; wrong password: median ${ms(percentile(wrong, 50))}; the slower over the faster ${ratio.toFixed(2)} ${underCeiling(ratio, 3, '')}; error codes answered: ${[...codes].join(', ')}`,
    );
    console.log(
      `load average after ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await app.close();
  }
}

await main();
