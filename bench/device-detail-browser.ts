/**
 * Device detail in the browser (issue 11): "ready under 1 s with a 7-day curve of 4 points". A real
 * server on a scratch PostgreSQL database, one heat pump with 7 days of 30-s history (20,160 frames of
 * its 16 points, stored through the ingest pipeline with past receive times), Chromium signed in as the
 * demo operator. Each run opens the detail page on the curve tab with the 4 points and the 7 days in its
 * query (a reload: the console's code comes from the cache after the first run) and measures until
 * ECharts reports the chart drawn (data-drawn on the chart's box).
 *
 *   npm run build -w apps/web
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:device-detail
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { demoDevice, demoReport, testPipeline } from '../apps/server/test/ingest-setup.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { openSignedIn } from '../e2e/support/console.ts';
import { startServer } from '../e2e/support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const STEP_MS = 30_000;
const FRAMES = (7 * 86_400_000) / STEP_MS;
const POINTS = [10, 11, 12, 13];
const OPERATOR = '13800000000';

if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres): the bench seeds the server\'s database');

const server = await startServer();
const database = await openDatabase({ databaseUrl: server.databaseUrl, pgliteDir: null, poolSize: 4 });
const browser = await launchBrowser();
try {
  const db = database.db;
  const company = await db.selectFrom('dealers').select('id').where('parent_id', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  const device = await demoDevice(db, company.id);
  const end = Date.now();
  const start = end - FRAMES * STEP_MS;
  const { pipeline, store } = testPipeline(db, { batchSize: 1000, batchMs: 5, maxQueue: 100_000 });
  const s0 = performance.now();
  for (let k = 0; k < FRAMES; k += 1000) {
    const writes: Promise<void>[] = [];
    for (let j = k; j < Math.min(FRAMES, k + 1000); j++) {
      const wave = Math.round(Math.sin(j / 120) * 100) / 10;
      writes.push(store(device.code, demoReport(device.code, j % 65536, { 10: 40 + wave, 11: 45 + wave, 12: 50 - wave, 13: wave }), new Date(start + j * STEP_MS)));
    }
    await Promise.all(writes);
  }
  await pipeline.close();
  console.log(`Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  console.log(`seeded ${FRAMES} frames (7 days at 30 s) of one device in ${((performance.now() - s0) / 1000).toFixed(1)} s`);

  const { context, page } = await openSignedIn(browser, server.baseUrl, OPERATOR);
  const query = new URLSearchParams({ tab: 'curve', points: POINTS.join(','), start: new Date(start).toISOString(), end: new Date(end).toISOString() });
  const url = `${server.baseUrl}/#/company/deviceManage/devicesManage/deviceDetail/${device.id}?${query.toString()}`;
  const times: number[] = [];
  const steps: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const answered = page.waitForResponse((response) => response.url().includes('/device/pointHistory')).then(() => performance.now() - t0);
    await page.goto(url);
    if (run > 0) await page.reload();
    await page.getByTestId('curve-card').waitFor({ timeout: 30_000 });
    const shell = performance.now() - t0;
    await page.locator('[data-testid="curve-chart"][data-drawn="true"]').waitFor({ timeout: 30_000 });
    times.push(performance.now() - t0);
    steps.push(`${shell.toFixed(0)}/${(await answered).toFixed(0)}/${times.at(-1)!.toFixed(0)}`);
    const canvases = await page.evaluate(() => document.querySelectorAll('[data-testid="curve-chart"] canvas').length);
    if (canvases === 0) throw new Error('the chart has no canvas');
  }
  await context.close();
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`detail page on the curve tab, 4 points x 7 days (${FRAMES} times each), until the chart is drawn:`);
  console.log(`  first (cold cache) ${times[0]!.toFixed(0)} ms; then median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (${RUNS} runs, target < 1000 ms)`);
  console.log(`  runs, ms (curve tab shown / history answered / chart drawn): ${steps.join(', ')}`);
} finally {
  await browser.close();
  await database.close();
  await server.stop();
}
