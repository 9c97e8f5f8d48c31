/**
 * First load (issue 20): "reloading any console address with a warm server shows the page's data within
 * 1 s in a cold Chromium". A real server (PGlite in memory, or a scratch PostgreSQL database when
 * DATABASE_URL is set) with the demo data and its 200-device demo fleet; Chromium signed in as the demo
 * operator. Each run reloads the device list's address, with the browser's cache cleared (cold: every
 * chunk fetched again) and with it kept (warm), and measures until the list's first row is shown. The
 * requests of the last cold run are printed in order (start and end after the reload, size), so the
 * serial steps of the console's start show; beside the figure, the ceiling: the same API calls made
 * directly to the server (no browser), one after another and all at once.
 *
 * With BENCH_BASELINE_DIST set to another build of the console (e.g. of main, `npx vite build --outDir
 * /tmp/web-before` in apps/web), a second server serves it and the runs alternate between the two,
 * so both see the same machine load.
 *
 *   npm run build -w apps/web && node scripts/ensure-ready.mjs test
 *   npm run bench:console-reload
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { markShown, median, reload, signInPatiently, type Seen } from './page-reload.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const OPERATOR = '13800000000';
const PAGES: Record<string, { hash: string; ready: string }> = {
  'device list': { hash: '#/company/deviceManage/devicesManage', ready: '.ant-table-row' },
};

/** The API calls of a load made again from here, one after another and all at once: what the server alone takes (ms). */
async function bareServer(calls: Seen[]): Promise<{ serial: number; parallel: number }> {
  const send = (c: Seen) =>
    fetch(c.url, { method: c.method, headers: { 'content-type': 'application/json' }, body: c.body }).then((r) =>
      r.arrayBuffer(),
    );
  const serial: number[] = [];
  const parallel: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let t = performance.now();
    for (const c of calls) await send(c);
    serial.push(performance.now() - t);
    t = performance.now();
    await Promise.all(calls.map(send));
    parallel.push(performance.now() - t);
  }
  return { serial: median(serial), parallel: median(parallel) };
}

const printRequests = (requests: Seen[]) => {
  for (const r of requests)
    console.log(
      `      ${r.start.toFixed(0).padStart(5)}-${r.end.toFixed(0).padEnd(5)} ${(r.bytes / 1024).toFixed(1).padStart(7)}  ${new URL(r.url).pathname}`,
    );
};

const baselineDist = process.env.BENCH_BASELINE_DIST;
const builds = [
  { label: 'this build', server: await startServer({ simulator: { devices: 200, reportSeconds: 30 } }) },
  ...(baselineDist
    ? [
        {
          label: `baseline (${baselineDist})`,
          server: await startServer({
            simulator: { devices: 200, reportSeconds: 30 },
            env: { WEB_DIST: baselineDist },
          }),
        },
      ]
    : []),
];
const browser = await launchBrowser();
try {
  console.log(
    `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}, database ${builds[0]!.server.databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)'}`,
  );
  // One after the other: a timed-out sign-in closes the profiles opened since it began (signInPatiently).
  const pages = [];
  for (const build of builds)
    pages.push({ ...build, ...(await signInPatiently(browser, build.server.baseUrl, OPERATOR)) });
  for (const { page } of pages)
    for (const [name, { ready }] of Object.entries(PAGES)) await markShown(page, name, [ready]);
  for (const [name, { hash, ready }] of Object.entries(PAGES)) {
    const results = pages.map(() => ({
      cold: [] as number[],
      warm: [] as number[],
      coldCpu: [] as number[],
      coldShown: [] as number[],
      warmShown: [] as number[],
      warmCpu: [] as number[],
      last: [] as Seen[],
      slowestWarm: { ms: 0, requests: [] as Seen[] },
    }));
    for (const { page, server } of pages) {
      await page.goto(`${server.baseUrl}/${hash}`);
      await page.locator(ready).first().waitFor({ timeout: 30_000 });
    }
    for (let run = 0; run < RUNS; run++) {
      for (const [i, { page }] of pages.entries()) {
        const shown = () => page.locator(ready).first().waitFor({ timeout: 30_000 });
        const cold = await reload(page, shown, true, name);
        results[i]!.cold.push(cold.ms);
        results[i]!.coldCpu.push(cold.mainThreadMs);
        results[i]!.coldShown.push(cold.shownMs ?? Number.NaN);
        results[i]!.last = cold.requests;
        const warm = await reload(page, shown, false, name);
        results[i]!.warm.push(warm.ms);
        results[i]!.warmCpu.push(warm.mainThreadMs);
        results[i]!.warmShown.push(warm.shownMs ?? Number.NaN);
        if (warm.ms > results[i]!.slowestWarm.ms) results[i]!.slowestWarm = warm;
      }
    }
    console.log(`${name} reloaded at its address until its first row shows (${RUNS} runs each, target < 1000 ms):`);
    for (const [i, { label }] of pages.entries()) {
      const { cold, warm, coldCpu, warmCpu, coldShown, warmShown, last, slowestWarm } = results[i]!;
      const api = last.filter((r) => r.method === 'POST' && new URL(r.url).pathname.includes('/api/'));
      const ceiling = await bareServer(api);
      console.log(`  ${label}:`);
      console.log(
        `    cold cache: median ${median(cold).toFixed(0)} ms, max ${Math.max(...cold).toFixed(0)} ms (${cold.map((v) => v.toFixed(0)).join(', ')})`,
      );
      console.log(
        `    warm cache: median ${median(warm).toFixed(0)} ms, max ${Math.max(...warm).toFixed(0)} ms (${warm.map((v) => v.toFixed(0)).join(', ')})`,
      );
      console.log(
        `    in the page, from the navigation's start to the first row's frame: cold median ${median(coldShown).toFixed(0)} ms (${coldShown.map((v) => v.toFixed(0)).join(', ')}), warm median ${median(warmShown).toFixed(0)} ms (${warmShown.map((v) => v.toFixed(0)).join(', ')})`,
      );
      console.log(
        `    the page's main thread on the CPU meanwhile (median): cold ${median(coldCpu).toFixed(0)} ms, warm ${median(warmCpu).toFixed(0)} ms`,
      );
      console.log(
        `    ceiling, the same ${api.length} API calls straight to the server: ${ceiling.serial.toFixed(0)} ms one after another, ${ceiling.parallel.toFixed(0)} ms all at once`,
      );
      const chunks = last.filter((r) => r.url.includes('/assets/'));
      console.log(
        `    last cold run: ${chunks.length} code chunks (${(chunks.reduce((sum, r) => sum + r.bytes, 0) / 1024).toFixed(0)} KB), the last done at ${Math.max(...chunks.map((r) => r.end)).toFixed(0)} ms; first API call at ${Math.min(...api.map((r) => r.start)).toFixed(0)} ms`,
      );
      console.log('    its requests other than code (start-end ms after the reload, KB):');
      printRequests(last.filter((r) => !r.url.includes('/assets/')));
      console.log(`    the slowest warm run (${slowestWarm.ms.toFixed(0)} ms): its requests other than code`);
      printRequests(slowestWarm.requests.filter((r) => !r.url.includes('/assets/')));
    }
  }
  for (const { context } of pages) await context.close();
} finally {
  await browser.close();
  for (const { server } of builds) await server.stop();
}
