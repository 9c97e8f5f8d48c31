/**
 * Where the console's main thread spends a warm reload (issues 20, 21): a CPU profile (CDP Profiler,
 * 200 µs sampling) of BENCH_RUNS warm reloads of a console address until its ready element shows,
 * summed by function self time and by code chunk. A real server (PGlite in memory, or a scratch
 * PostgreSQL database with DATABASE_URL) with the demo data; Chromium signed in as the demo operator.
 * The address defaults to the device list (BENCH_HASH, BENCH_READY for another page). With BENCH_SIGN_IN=1
 * it profiles sign-ins instead: from the click on sign-in (a fresh profile each) until READY shows. With
 * BENCH_SOURCEMAP_DIST (a build made with `npx vite build --sourcemap --outDir DIR` in apps/web) the server
 * serves that build and functions are named by their source file and line. With BENCH_COMMITS=1 it also prints
 * each run's React commits (bench/react-commits.ts): components rendered and where each re-render started, by
 * name in a build made with `--minify false`.
 *
 *   node scripts/ensure-ready.mjs web-build && node scripts/bench.mjs console-profile
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../e2e/support/browser.ts';
import { openLogin, submitPasswordLogin } from '../e2e/support/console.ts';
import { startServer } from '../e2e/support/server.ts';
import { reload, signInPatiently } from './page-reload.ts';
import { commitsOf, recordCommits, type Commit } from './react-commits.ts';
import { performance } from 'node:perf_hooks';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const HASH = process.env.BENCH_HASH ?? '#/company/deviceManage/devicesManage';
const READY = process.env.BENCH_READY ?? '.ant-table-row';
const TOP = Number(process.env.BENCH_TOP ?? 40);

const sourcemapDist = process.env.BENCH_SOURCEMAP_DIST;
const COMMITS = Boolean(process.env.BENCH_COMMITS);
const consumers = new Map<string, SourceMapConsumer | null>();

/** Where a minified position comes from (source file and line), when the build has its source map. */
function original(file: string, line: number, column: number): string | null {
  if (!sourcemapDist || line < 0) return null;
  if (!consumers.has(file)) {
    try {
      const map = JSON.parse(readFileSync(join(sourcemapDist, 'assets', `${file}.map`), 'utf8')) as never;
      consumers.set(file, new SourceMapConsumer(map));
    } catch {
      consumers.set(file, null);
    }
  }
  const at = consumers.get(file)?.originalPositionFor({ line: line + 1, column });
  if (!at?.source) return null;
  return `${at.name ?? ''}  ${at.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${at.line}`;
}

/** What this bench reads of a CDP Profiler profile. */
interface Profile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }>;
  samples?: number[];
  timeDeltas?: number[];
}

function selfTimes(profile: Profile): {
  byFunction: Map<string, number>;
  byFile: Map<string, number>;
} {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const sampleMs = new Map<number, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, k) => sampleMs.set(id, (sampleMs.get(id) ?? 0) + (deltas[k] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, ms] of sampleMs) {
    const { callFrame } = byId.get(id)!;
    const file = callFrame.url.split('/').pop() || '(native)';
    const name =
      original(file, callFrame.lineNumber, callFrame.columnNumber) ??
      `${callFrame.functionName || '(anonymous)'}  ${file}:${callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  return { byFunction, byFile };
}

async function startProfiler(page: Page): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  return session;
}

const add = (into: Map<string, number>, from: Map<string, number>) => {
  for (const [key, ms] of from) into.set(key, (into.get(key) ?? 0) + ms);
};
const top = (times: Map<string, number>, n: number) =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, ms]) => `  ${(ms / RUNS).toFixed(1).padStart(7)} ms  ${key}`);

/** React's commits of one run: components rendered in each, and where each re-render started. */
function printCommits(run: number, commits: Commit[]) {
  const total = commits.reduce((sum, commit) => sum + commit.rendered, 0);
  console.log(`run ${run + 1}: ${commits.length} React commits, ${total} component renders`);
  for (const commit of commits.filter((c) => c.rendered >= 50))
    console.log(`  ${String(commit.rendered).padStart(5)}  ${commit.tops.join(', ') || '(mount)'}`);
}

const server = await startServer({
  simulator: { devices: 20, reportSeconds: 30 },
  ...(sourcemapDist ? { env: { WEB_DIST: sourcemapDist } } : {}),
});
const browser = await launchBrowser();
try {
  console.log(
    `load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}; ${RUNS} warm reloads of ${HASH}`,
  );
  const { context, page } = await signInPatiently(browser, server.baseUrl, '13800000000');
  await page.goto(`${server.baseUrl}/${HASH}`);
  await page.locator(READY).first().waitFor({ timeout: 30_000 });
  if (COMMITS) await recordCommits(page, process.env.BENCH_COMMITS === '2');
  const session = await startProfiler(page);
  const profiledReload = async () => {
    await session.send('Profiler.start');
    const seen = await reload(page, () => page.locator(READY).first().waitFor({ timeout: 30_000 }), false);
    const { profile } = await session.send('Profiler.stop');
    return { ms: seen.ms, profile, commits: COMMITS ? await commitsOf(page) : [] };
  };
  const profiledSignIn = async () => {
    const fresh = await (await newContext(browser)).newPage();
    if (COMMITS) await recordCommits(fresh, process.env.BENCH_COMMITS === '2');
    await openLogin(fresh, server.baseUrl);
    await fresh.waitForLoadState('networkidle');
    const freshSession = await startProfiler(fresh);
    await freshSession.send('Profiler.start');
    const t0 = performance.now();
    await submitPasswordLogin(fresh, '13800000000');
    await fresh.locator(READY).first().waitFor({ timeout: 30_000, state: 'attached' });
    const ms = performance.now() - t0;
    const { profile } = await freshSession.send('Profiler.stop');
    const commits = COMMITS ? await commitsOf(fresh) : [];
    await fresh.context().close();
    return { ms, profile, commits };
  };
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  const walls: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { ms, profile, commits } = process.env.BENCH_SIGN_IN ? await profiledSignIn() : await profiledReload();
    walls.push(ms);
    if (COMMITS) printCommits(run, commits);
    const times = selfTimes(profile);
    add(byFunction, times.byFunction);
    add(byFile, times.byFile);
  }
  console.log(`wall ms: ${walls.map((v) => v.toFixed(0)).join(', ')}`);
  console.log('self time per reload by chunk:');
  console.log(top(byFile, 25).join('\n'));
  console.log('self time per reload by function:');
  console.log(top(byFunction, TOP).join('\n'));
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
