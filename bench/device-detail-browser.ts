/**
 * Device detail in the browser (issue 11): "ready under 1 s with a 7-day curve of 4 points". A real
 * server on a scratch PostgreSQL database, one heat pump with 7 days of 30-s history (20,160 frames of
 * its 16 points, stored through the ingest pipeline with past receive times), Chromium signed in as the
 * demo operator. Each run opens the detail page on the curve tab with the 4 points and the 7 days in its
 * query and measures until ECharts reports the chart drawn (data-drawn on the chart's box): as the
 * console opens it from the loaded device list, and as a reload of its address (the console starts too).
 * The console asks for a chart-sized answer (maxPoints); the size of what it got is printed.
 *
 *   npm run build -w apps/web
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:device-detail
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { demoDevice, demoReport, testPipeline } from '../apps/server/test/ingest-setup.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { figureLine, markShown, shownAt, signInPatiently } from './page-reload.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const STEP_MS = 30_000;
const FRAMES = (7 * 86_400_000) / STEP_MS;
const POINTS = [10, 11, 12, 13];
const OPERATOR = '13800000000';

if (!process.env.DATABASE_URL)
  throw new Error(
    "set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres): the bench seeds the server's database",
  );

const server = await startServer();
const database = await openDatabase({ databaseUrl: server.databaseUrl, pgliteDir: null, poolSize: 4 });
const browser = await launchBrowser();
try {
  const db = database.db;
  const company = await db
    .selectFrom('dealers')
    .select('id')
    .where('parent_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const device = await demoDevice(db, company.id);
  const end = Date.now();
  const start = end - FRAMES * STEP_MS;
  const { pipeline, store } = testPipeline(db, { batchSize: 1000, batchMs: 5 });
  const s0 = performance.now();
  for (let k = 0; k < FRAMES; k += 1000) {
    const writes: Promise<void>[] = [];
    for (let j = k; j < Math.min(FRAMES, k + 1000); j++) {
      const wave = Math.round(Math.sin(j / 120) * 100) / 10;
      writes.push(
        store(
          device.code,
          demoReport(device.code, j % 65536, { 10: 40 + wave, 11: 45 + wave, 12: 50 - wave, 13: wave }),
          new Date(start + j * STEP_MS),
        ),
      );
    }
    await Promise.all(writes);
  }
  await pipeline.close();
  console.log(
    `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `seeded ${FRAMES} frames (7 days at 30 s) of one device in ${((performance.now() - s0) / 1000).toFixed(1)} s`,
  );

  const { context, page } = await signInPatiently(browser, server.baseUrl, OPERATOR);
  const DRAWN = '[data-testid="curve-chart"][data-drawn="true"]';
  // The same figure measured in the page (Playwright's waits poll and can answer hundreds of ms late).
  await markShown(page, 'drawn', [DRAWN]);
  const inPage = { navigation: [] as number[], reload: [] as number[] };
  const query = new URLSearchParams({
    tab: 'curve',
    points: POINTS.join(','),
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
  });
  const url = `${server.baseUrl}/#/company/deviceManage/devicesManage/deviceDetail/${device.id}?${query.toString()}`;
  const listUrl = `${server.baseUrl}/#/company/deviceManage/devicesManage`;
  const detailHash = `#/company/deviceManage/devicesManage/deviceDetail/${device.id}?${query.toString()}`;

  /** From t0 until the chart is drawn: the curve tab shown, the history answered, the chart drawn (ms). */
  const untilDrawn = async (t0: number, answered: Promise<number>): Promise<[number, number, number]> => {
    await page.getByTestId('curve-card').waitFor({ timeout: 30_000 });
    const shown = performance.now() - t0;
    await page.locator(DRAWN).waitFor({ timeout: 30_000 });
    const drawn = performance.now() - t0;
    const canvases = await page.evaluate(() => document.querySelectorAll('[data-testid="curve-chart"] canvas').length);
    if (canvases === 0) throw new Error('the chart has no canvas');
    return [shown, await answered, drawn];
  };
  let answerSize = '';
  const historyAnswered = (t0: number) =>
    page
      .waitForResponse((response) => response.url().includes('/device/pointHistory'))
      .then(async (response) => {
        const at = performance.now() - t0;
        const text = await response.text();
        const answer = JSON.parse(text) as { objectResult: { times: number[]; thinned: boolean } };
        answerSize = `${answer.objectResult.times.length} frames of ${FRAMES} (thinned: ${answer.objectResult.thinned}), ${(text.length / 1024).toFixed(0)} KB`;
        return at;
      });

  // Opened from the console: the device list is loaded (untimed, each run a fresh page so nothing of
  // the device is cached), then the detail is opened as a link in the console opens it.
  const navigation: Array<[number, number, number]> = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto(listUrl);
    await page.reload();
    await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    const t0 = performance.now();
    const answered = historyAnswered(t0);
    await page.evaluate((hash) => {
      (window as unknown as { __navigatedAt: number }).__navigatedAt = performance.now();
      window.location.hash = hash;
    }, detailHash);
    navigation.push(await untilDrawn(t0, answered));
    const navigatedAt = await page.evaluate(() => (window as unknown as { __navigatedAt: number }).__navigatedAt);
    inPage.navigation.push(((await shownAt(page, 'drawn')) ?? Number.NaN) - navigatedAt);
  }
  // The page loaded again from its address (the console's code from the browser cache): the console starts, then the detail.
  const reloads: Array<[number, number, number]> = [];
  await page.goto(url);
  await page.locator(DRAWN).waitFor({ timeout: 30_000 });
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const answered = historyAnswered(t0);
    await page.reload();
    reloads.push(await untilDrawn(t0, answered));
    inPage.reload.push((await shownAt(page, 'drawn')) ?? Number.NaN);
  }
  const report = (label: string, runs: Array<[number, number, number]>) => {
    const drawn = runs.map((r) => r[2]).sort((a, b) => a - b);
    console.log(
      `  ${label}: median ${drawn[Math.floor(drawn.length / 2)]!.toFixed(0)} ms, max ${drawn.at(-1)!.toFixed(0)} ms (${RUNS} runs, target < 1000 ms)`,
    );
    console.log(
      `    runs, ms (curve tab shown / history answered / chart drawn): ${runs.map((r) => r.map((v) => v.toFixed(0)).join('/')).join(', ')}`,
    );
  };
  console.log(
    `detail page on the curve tab, 4 points x 7 days (${FRAMES} times each), until the chart is drawn; the console got ${answerSize}:`,
  );
  report('opened from the device list in the console', navigation);
  report('page reloaded at its address (console start included)', reloads);
  figureLine('in the page, from the link to the chart drawn', inPage.navigation);
  figureLine("in the page, from the reload's navigation start to the chart drawn", inPage.reload);
  await context.close();
} finally {
  await browser.close();
  await database.close();
  await server.stop();
}
