/**
 * The API call log's cost (issue 22: under 5% of a call's server CPU at full load). One run builds the
 * server in this process on one database, alternately with the call log on and off (BuildOptions
 * recordCalls), and fires the same call mix at full load from a child process (bench/api-load.ts, 50
 * connections): notice/selectAll (a page of 10), adminUser/getPersonalInfo and dealers/getDealersByUser,
 * a third of the connections each, every one with its own session. It prints, per round and in sum, the
 * server's CPU per call with and without the log and their ratio; the run with the log must have
 * written a row for every call it served (the writer is flushed and its counts read).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:api-call-log   (PostgreSQL, scratch database)
 *   npm run bench:api-call-log                                                       (PGlite in memory)
 *
 * BENCH_SECONDS (default 10) is the length of each timed round; BENCH_ROUNDS (default 3) the pairs.
 */
import os from 'node:os';
import { getDealersByUser, getPersonalInfo, login, selectAllNotices } from '@dcc/contract';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { md5Hex } from '../apps/server/src/auth/password.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo.ts';
import { createScratchDatabase } from '../apps/server/test/test-database.ts';
import { fire } from './api-fire.ts';
import type { LoadFigures, LoadPlan } from './api-load.ts';
import { seedVolume } from './api-volume.ts';
import { startCpuMeter } from './cpu-usage.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
const config = {
  ...loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    SEED_DEMO: 'true',
    MQTT_PORT: 'off',
  }),
  databaseUrl: scratch?.url ?? null,
  rateLimits: { loginPerIpPerMinute: 0, loginPerAccountPerMinute: 0, codePerIpPerMinute: 0, failuresPerMinute: 0 },
};
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: null, poolSize: config.dbPoolSize });
console.log(`load average before: ${load()} (other processes share these cores); engine ${database.kind}`);

type Round = { logged: boolean; calls: number; serverSeconds: number; databaseSeconds: number; figures: LoadFigures };

/** One timed round on a server built with the call log on or off; the server is closed after it. */
async function round(logged: boolean, requests: LoadPlan['requests'], seconds = SECONDS): Promise<Round> {
  const { app, callLog } = await buildApp({ config, database, recordCalls: logged });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const plan = { url: address, bodies: [], requests, connections: CONNECTIONS, verify: false, seconds };
    // Warm-up that reads every answer: all must be envelope successes.
    const warmUp = await fire({ ...plan, seconds: 4, verify: true });
    if (warmUp.mismatches + warmUp.non2xx + warmUp.errors > 0)
      throw new Error(`warm-up had failures: ${JSON.stringify(warmUp)}`);
    await callLog.flush();
    const before = callLog.stats();
    const stopMeter = await startCpuMeter(database.kind === 'postgres' ? database.db : null);
    const figures = await fire(plan);
    // The rows of the round are written within it (the writer's timer is 1 s): counted in its CPU.
    await callLog.flush();
    const cpu = stopMeter();
    const calls = figures.requestsPerSecond * seconds;
    const after = callLog.stats();
    const written = after.written - before.written;
    if (logged && (written < calls * 0.99 || after.dropped !== before.dropped))
      throw new Error(
        `the call log wrote ${written} rows for ${calls} calls, dropped ${after.dropped - before.dropped}`,
      );
    if (!logged && written !== 0) throw new Error(`the call log wrote ${written} rows while off`);
    return { logged, calls, ...cpu, figures };
  } finally {
    await app.close();
  }
}

const µs = (seconds: number, calls: number) => (calls ? (seconds / calls) * 1e6 : 0);
try {
  // Sessions come from a first server (signing in is not measured).
  const { app } = await buildApp({ config, database, recordCalls: false });
  const phones = await seedVolume(database.db);
  const digest = md5Hex(DEMO_PASSWORD);
  const sessions: string[] = [];
  for (const phone of phones.slice(0, CONNECTIONS)) {
    const answer = await app.inject({ method: 'POST', url: login.path, payload: { name: phone, password: digest } });
    sessions.push(answer.json().objectResult.xtoken);
  }
  await app.close();
  const mix = [
    (sessionid: string) => ({
      path: selectAllNotices.path,
      body: { pageIndex: 1, pageSize: 10, noticeStatus: '', sessionid },
    }),
    (sessionid: string) => ({ path: getPersonalInfo.path, body: { sessionid } }),
    (sessionid: string) => ({ path: getDealersByUser.path, body: { sessionid } }),
  ];
  const requests = sessions.map((sessionid, k) => {
    const { path, body } = mix[k % mix.length]!(sessionid);
    return { path: `${path}?language=en_US`, body: JSON.stringify(body) };
  });
  // A round of each, not counted: the JIT compiles both paths before anything is measured.
  for (const logged of [true, false]) await round(logged, requests, 5);
  const rounds: Round[] = [];
  const pairs: number[] = [];
  for (let k = 0; k < ROUNDS; k++) {
    // Alternate which goes first, so a drift of the machine's load does not favour one side.
    for (const logged of k % 2 === 0 ? [true, false] : [false, true]) {
      const result = await round(logged, requests);
      rounds.push(result);
      if (rounds.length % 2 === 0) {
        const [on, off] = rounds.slice(-2).sort((a, b) => Number(b.logged) - Number(a.logged)) as [Round, Round];
        pairs.push(µs(on.serverSeconds, on.calls) / µs(off.serverSeconds, off.calls) - 1);
      }
      console.log(
        `round ${k + 1}, call log ${logged ? 'on ' : 'off'}: ${result.figures.requestsPerSecond} calls/s, p95 ${result.figures.p95} ms; ` +
          `server ${µs(result.serverSeconds, result.calls).toFixed(1)} µs/call` +
          (database.kind === 'postgres'
            ? `, database backends ${µs(result.databaseSeconds, result.calls).toFixed(1)} µs/call`
            : '') +
          `; load ${load()}`,
      );
    }
  }
  const sum = (logged: boolean) => {
    const mine = rounds.filter((entry) => entry.logged === logged);
    const calls = mine.reduce((total, entry) => total + entry.calls, 0);
    return {
      server: µs(
        mine.reduce((total, entry) => total + entry.serverSeconds, 0),
        calls,
      ),
      database: µs(
        mine.reduce((total, entry) => total + entry.databaseSeconds, 0),
        calls,
      ),
      rate: calls / (mine.length * SECONDS),
    };
  };
  const on = sum(true);
  const off = sum(false);
  const rows = await sql<{ n: string }>`select count(*) as n from api_call_log`.execute(database.db);
  console.log(
    `\ncall log off: ${off.rate.toFixed(0)} calls/s, server ${off.server.toFixed(1)} µs/call` +
      (database.kind === 'postgres' ? `, database ${off.database.toFixed(1)} µs/call` : ''),
  );
  console.log(
    `call log on:  ${on.rate.toFixed(0)} calls/s, server ${on.server.toFixed(1)} µs/call` +
      (database.kind === 'postgres' ? `, database ${on.database.toFixed(1)} µs/call` : ''),
  );
  console.log(
    `the log adds ${((on.server / off.server - 1) * 100).toFixed(1)}% to the server's CPU per call (target < 5%)` +
      (database.kind === 'postgres'
        ? `, ${(((on.server + on.database) / (off.server + off.database) - 1) * 100).toFixed(1)}% with the database's`
        : '') +
      `; ${rows.rows[0]!.n} rows in api_call_log`,
  );
  pairs.sort((a, b) => a - b);
  console.log(
    `per pair of rounds: ${pairs.map((ratio) => `${(ratio * 100).toFixed(1)}%`).join(', ')}; median ${(
      (pairs[Math.floor((pairs.length - 1) / 2)]! + pairs[Math.ceil((pairs.length - 1) / 2)]!) *
      50
    ).toFixed(1)}%`,
  );
  console.log(
    `machine: ${os.cpus().length} cpus, ${os.cpus()[0]?.model ?? '?'}, node ${process.version}, load ${load()}`,
  );
} finally {
  await database.close();
  await scratch?.drop();
}
