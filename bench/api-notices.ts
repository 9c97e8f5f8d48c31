/**
 * API benchmark: notice/selectAll (an authenticated call) from 50 concurrent connections, each
 * with its own session, then login throughput. The server runs in this process; autocannon
 * fires from a child process (bench/api-load.ts). PostgreSQL when DATABASE_URL is set (a
 * scratch database that is dropped afterwards), otherwise embedded PGlite in memory.
 *
 *   node --import tsx bench/api-notices.ts            (BENCH_SECONDS=10 by default)
 */
import os from 'node:os';
import { login, selectAllNotices } from '@dcc/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { md5Hex } from '../apps/server/src/auth/password.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo.ts';
import { createScratchDatabase } from '../apps/server/test/test-database.ts';
import { fire } from './api-fire.ts';
import type { LoadFigures } from './api-load.ts';
import { seedVolume } from './api-volume.ts';
import { startCpuMeter } from './cpu-usage.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** Runs the load generator in a child process against the in-process server. */
const fireAt = (url: string, bodies: string[], seconds: number, verify = false): Promise<LoadFigures> =>
  fire({ url, bodies, seconds, connections: CONNECTIONS, verify });

/** Every session still answers success after the run (the timed run does not read bodies). */
async function assertAllSucceed(app: FastifyInstance, bodies: string[]): Promise<void> {
  for (const body of bodies) {
    const answer = await app.inject({ method: 'POST', url: selectAllNotices.path, payload: JSON.parse(body) });
    if (answer.json().error_code !== 0)
      throw new Error(`a bench session failed after the run: ${answer.body.slice(0, 200)}`);
  }
}

async function main(): Promise<void> {
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  const config = {
    ...loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      SEED_DEMO: 'true',
      DB_POOL_SIZE: process.env.DB_POOL_SIZE,
    }),
    databaseUrl: scratch?.url ?? null,
    rateLimits: { loginPerIpPerMinute: 0, loginPerAccountPerMinute: 0, codePerIpPerMinute: 0, failuresPerMinute: 0 },
  };
  console.log(
    `load average before: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} (other processes share these cores)`,
  );
  const { app, database } = await buildApp({ config });
  try {
    const phones = await seedVolume(database.db);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const digest = md5Hex(DEMO_PASSWORD);
    const tokens: string[] = [];
    for (const phone of phones.slice(0, CONNECTIONS)) {
      const answer = await app.inject({ method: 'POST', url: login.path, payload: { name: phone, password: digest } });
      tokens.push(answer.json().objectResult.xtoken);
    }
    const noticeBodies = tokens.map((sessionid) =>
      JSON.stringify({ pageIndex: 1, pageSize: 999, noticeStatus: '', sessionid }),
    );
    const sample = await app.inject({
      method: 'POST',
      url: selectAllNotices.path,
      payload: JSON.parse(noticeBodies[0]!),
    });
    const sampleResult = sample.json().objectResult;
    console.log(
      `engine: ${database.kind}; one answer: ${sampleResult.list.length} notices, ${sampleResult.unreadCount} unread, ${sample.rawPayload.length} bytes`,
    );

    // Warm-up that reads every answer: all must be envelope successes (no -100, no 401 ...).
    const warmUp = await fireAt(`${address}${selectAllNotices.path}?language=en_US`, noticeBodies, 3, true);
    if (warmUp.mismatches + warmUp.non2xx + warmUp.errors > 0)
      throw new Error(`warm-up had failures: ${JSON.stringify(warmUp)}`);
    const stopMeter = await startCpuMeter(database.kind === 'postgres' ? database.db : null);
    const notices = await fireAt(`${address}${selectAllNotices.path}?language=en_US`, noticeBodies, SECONDS);
    const cpu = stopMeter();
    const served = notices.requestsPerSecond * SECONDS;
    console.log('notice/selectAll', JSON.stringify(notices));
    console.log(
      `CPU per call: server process ${Math.round((cpu.serverSeconds / served) * 1e6)} µs` +
        (database.kind === 'postgres'
          ? `, PostgreSQL backends ${Math.round((cpu.databaseSeconds / served) * 1e6)} µs`
          : ' (PGlite runs inside the server process)'),
    );
    await assertAllSucceed(app, noticeBodies);

    const loginBodies = phones
      .slice(CONNECTIONS, CONNECTIONS * 2)
      .map((name) => JSON.stringify({ name, password: digest }));
    const logins = await fireAt(`${address}${login.path}?language=en_US`, loginBodies, SECONDS, true);
    console.log('adminUser/login', JSON.stringify(logins));
    console.log(
      `machine: ${os.cpus().length} cpus, ${os.cpus()[0]?.model ?? '?'}, node ${process.version}, load average after ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await app.close();
    await scratch?.drop();
  }
}

await main();
