/**
 * Organization benchmark (issue 3) on PostgreSQL: 10,000 dealers in a 6-level tree and 100,000
 * members, bulk-inserted. Measures
 *  1. member/list (a page of a subtree, the real call over HTTP to the in-process server, one
 *     request at a time) for a level-1 company (about 11,000 members below it) and for the root
 *     (all 100,000): p50/p95/p99;
 *  2. the permission-and-scope check of the pipeline (scopeWithButton: one indexed query per call),
 *     timed directly over many iterations.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/organization-scope.ts
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Button, listMembers, login } from '@dcc/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { md5Hex } from '../apps/server/src/auth/password.ts';
import { scopeWithButton } from '../apps/server/src/auth/permission-repo.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo.ts';
import { createScratchDatabase } from '../apps/server/test/test-database.ts';
import { MEMBERS, seedOrganizationVolume } from './organization-volume.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const CHECKS = Number(process.env.BENCH_CHECKS ?? 5000);

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (value: number) => value.toFixed(2);

function summary(times: number[]): string {
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, value) => sum + value, 0) / times.length;
  return `n=${times.length} mean ${ms(mean)} ms, p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms, p99 ${ms(percentile(times, 99))} ms`;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL: this benchmark measures PostgreSQL');
  const scratch = await createScratchDatabase(process.env.DATABASE_URL);
  const config = {
    ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', SEED_DEMO: 'false' }),
    databaseUrl: scratch.url,
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
    const started = performance.now();
    const rootId = await seedOrganizationVolume(database.db);
    const counts = await database.db
      .selectFrom('dealers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `seeded ${counts.n} dealers and ${MEMBERS} members in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const level1 = await database.db
      .selectFrom('dealers')
      .select(['id'])
      .where('level', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const callers = [
      { label: 'level-1 company', dealerId: level1.id },
      { label: 'root company (whole tree)', dealerId: rootId },
    ];
    const digest = md5Hex(DEMO_PASSWORD);
    for (const caller of callers) {
      const member = await database.db
        .selectFrom('members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['u.user_name', 'u.id'])
        .where('m.dealer_id', '=', caller.dealerId)
        .orderBy('m.id')
        .executeTakeFirstOrThrow();
      const signIn = await app.inject({
        method: 'POST',
        url: login.path,
        payload: { name: member.user_name, password: digest },
      });
      const sessionid = signIn.json().objectResult.xtoken as string;
      const post = async (payload: Record<string, unknown>) => {
        const response = await fetch(`${address}${listMembers.path}?language=en_US`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...payload, sessionid, dealersId: caller.dealerId }),
        });
        const body = (await response.json()) as { error_code: number; objectResult: { totalSize: number } };
        if (body.error_code !== 0) throw new Error(`member/list failed: ${JSON.stringify(body)}`);
        return body.objectResult.totalSize;
      };
      const total = await post({ pageIndex: 1, pageSize: 10 });
      for (let i = 0; i < 50; i += 1) await post({ pageIndex: 1 + (i % 20), pageSize: 10 });
      for (const [variant, payload] of [
        ['pages 1-20 of 10', (i: number) => ({ pageIndex: 1 + (i % 20), pageSize: 10 })],
        ['search by phone digits', (i: number) => ({ pageIndex: 1, pageSize: 10, keyword: String(1000 + (i % 9000)) })],
      ] as const) {
        const times: number[] = [];
        for (let i = 0; i < REQUESTS; i += 1) {
          const begin = performance.now();
          await post(payload(i));
          times.push(performance.now() - begin);
        }
        console.log(`member/list, ${caller.label} (${total} members in scope), ${variant}: ${summary(times)}`);
      }

      const checks: number[] = [];
      for (let i = 0; i < CHECKS; i += 1) {
        const begin = performance.now();
        const scope = await scopeWithButton(database, member.id, caller.dealerId, Button.MEMBERS);
        checks.push(performance.now() - begin);
        if (!scope) throw new Error('scope check refused the bench member');
      }
      console.log(`permission-and-scope check (scopeWithButton), ${caller.label}: ${summary(checks)}`);
    }
    console.log(
      `machine: ${os.cpus().length} cpus, ${os.cpus()[0]?.model ?? '?'}, node ${process.version}, load average after ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await app.close();
    if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database: ${scratch.url}`);
    else await scratch.drop();
  }
}

await main();
