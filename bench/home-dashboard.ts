/**
 * The home dashboard's first show (issue 21): "the whole /company/ page (overview, both tabs, four charts)
 * ready in a cold Chromium under 1.5 s after sign-in, and under 1 s on reload". A real server (PGlite in
 * memory, or a scratch PostgreSQL database when DATABASE_URL is set) with the demo data and a 200-device
 * demo fleet; the demo operator (all buttons). Ready means: the overview's figures, both key tables
 * answered, every chart tab's figures answered and the first chart drawn.
 *
 * Each run signs in from a fresh profile (empty cache) and measures from the click on sign-in until the
 * dashboard is ready, then reloads /company/ with the cache kept and cleared. The ceiling, in the same
 * runs: the bare page shell (header and side menu) after the same sign-in, and on reload of a page
 * without data (the personal settings).
 *
 *   npm run build -w apps/web && node scripts/ensure-ready.mjs test
 *   npm run bench:home-dashboard
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser, newContext } from '../e2e/support/browser.ts';
import { openLogin, submitPasswordLogin } from '../e2e/support/console.ts';
import { startServer } from '../e2e/support/server.ts';
import { figureLine, markShown, reload, shownAt } from './page-reload.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/**
 * BENCH_SERVER_DATABASE_URL: the server on that PostgreSQL database as it is (no demo data, no fleet), e.g. the
 * 1,000,000-device `bench_dashboard` of `npm run bench:dashboard-calls`, signed in as BENCH_ACCOUNT (its operator,
 * 13599991000); without it, a server of the demo data and a 200-device fleet, as the demo operator.
 */
const SERVER_DATABASE_URL = process.env.BENCH_SERVER_DATABASE_URL;
const OPERATOR = process.env.BENCH_ACCOUNT ?? '13800000000';
const WAIT = { timeout: 30_000 };

/** What shows once the dashboard is ready (CSS; the page's policy allows no evaluated text). */
const READY = [
  '[data-testid="home-total"][data-value]',
  '[data-testid="home-charts"][data-ready="true"]',
  '[data-testid="chart-added-devices"][data-drawn="true"]',
  '[data-testid="key-project-table"]:not(:has([data-testid="list-loading"]))',
  '[data-testid="key-device-table"]:not(:has([data-testid="list-loading"]))',
];

const SHELL = '[data-testid="side-menu"]';

/** Records in the page, from its navigation's start, when the dashboard and the shell show, and when sign-in is clicked. */
async function markInPage(page: Page): Promise<void> {
  await markShown(page, 'dashboard', READY);
  await markShown(page, 'shell', [SHELL]);
  await page.addInitScript(`document.addEventListener('click', (event) => {
    if (event.target.closest('[data-testid="login-submit"]')) window.__signInClickedAt = performance.now();
  }, true);`);
}

const dashboardReady = (page: Page) => () =>
  Promise.all(READY.map((selector) => page.locator(selector).waitFor({ ...WAIT, state: 'attached' })));
const shellReady = (page: Page) => () => page.locator(SHELL).waitFor(WAIT);

/** A request made after the sign-in click: ms after the click it started and ended, and its path. */
interface Timed {
  start: number;
  end: number;
  path: string;
}

/**
 * Signs in from a fresh profile: ms from the click until the shell shows, and until the dashboard is ready,
 * and the requests made meanwhile (the serial steps of the start after a sign-in).
 */
async function coldSignIn(
  browser: Browser,
  baseUrl: string,
): Promise<{ page: Page; shell: number; ready: number; inPage: { shell: number; ready: number }; requests: Timed[] }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await markInPage(page);
  await openLogin(page, baseUrl);
  await page.waitForLoadState('networkidle');
  const t0 = performance.now();
  const requests: Timed[] = [];
  const started = new Map<Request, number>();
  page.on('request', (request) => started.set(request, performance.now() - t0));
  page.on('requestfinished', (request) =>
    requests.push({
      start: started.get(request) ?? 0,
      end: performance.now() - t0,
      path: new URL(request.url()).pathname.replace(/^.*\/assets\//, 'assets/'),
    }),
  );
  await submitPasswordLogin(page, OPERATOR);
  const since = (wait: () => Promise<unknown>) => wait().then(() => performance.now() - t0);
  const [shell, ready] = await Promise.all([since(shellReady(page)), since(dashboardReady(page))]);
  const clickedAt = await page.evaluate(() => (window as unknown as { __signInClickedAt: number }).__signInClickedAt);
  const inPage = {
    shell: ((await shownAt(page, 'shell')) ?? Number.NaN) - clickedAt,
    ready: ((await shownAt(page, 'dashboard')) ?? Number.NaN) - clickedAt,
  };
  return {
    page,
    shell,
    ready,
    inPage,
    requests: requests.filter((r) => r.start <= ready).sort((a, b) => a.start - b.start),
  };
}

/** The figures of the runs: the dashboard after sign-in and on reload, each beside its ceiling (the shell alone). */
function printFigures(
  dashboard: { signIn: number[]; signInShell: number[]; warm: number[]; cold: number[] },
  shell: { warm: number[]; cold: number[] },
  [signInFrom, reloadFrom]: [string, string],
) {
  figureLine(`after sign-in, ${signInFrom}`, dashboard.signIn, ' (target < 1500 ms)');
  figureLine('  ceiling: the shell after the same sign-in', dashboard.signInShell, '');
  figureLine(`reload, cache kept${reloadFrom}`, dashboard.warm, ' (target < 1000 ms)');
  figureLine(`reload, cache cleared${reloadFrom}`, dashboard.cold, ' (target < 1000 ms)');
  figureLine('  ceiling: the shell reloaded (personal settings), cache kept', shell.warm, '');
  figureLine('  ceiling: the shell reloaded (personal settings), cache cleared', shell.cold, '');
}

if (SERVER_DATABASE_URL) delete process.env.DATABASE_URL;
const server = await startServer(
  SERVER_DATABASE_URL
    ? {
        env: {
          DATABASE_URL: SERVER_DATABASE_URL,
          SEED_DEMO: 'false',
          SMS_ALLOW_LOG_SENDER: 'true',
          DEVICE_SECRET_KEY: '5e'.repeat(32),
        },
      }
    : { simulator: { devices: 200, reportSeconds: 30 } },
);
const browser = await launchBrowser();
try {
  console.log(
    `Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}, database ${SERVER_DATABASE_URL ?? (server.databaseUrl ? 'PostgreSQL' : 'PGlite (in memory)')}`,
  );
  const runs = { signIn: [] as number[], signInShell: [] as number[], warm: [] as number[], cold: [] as number[] };
  const shell = { warm: [] as number[], cold: [] as number[] };
  // The same, measured in the page (from the click on sign-in, or from the reload's navigation start).
  const inPage = { signIn: [] as number[], signInShell: [] as number[], warm: [] as number[], cold: [] as number[] };
  const inPageShell = { warm: [] as number[], cold: [] as number[] };
  const timed = async (into: number[], intoInPage: number[], run: Promise<{ ms: number; shownMs: number | null }>) => {
    const { ms, shownMs } = await run;
    into.push(ms);
    intoInPage.push(shownMs ?? Number.NaN);
  };
  let lastSignIn: Timed[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { page, shell: shellMs, ready, inPage: signedIn, requests } = await coldSignIn(browser, server.baseUrl);
    lastSignIn = requests;
    runs.signIn.push(ready);
    runs.signInShell.push(shellMs);
    inPage.signIn.push(signedIn.ready);
    inPage.signInShell.push(signedIn.shell);
    await timed(runs.warm, inPage.warm, reload(page, dashboardReady(page), false, 'dashboard'));
    await timed(runs.cold, inPage.cold, reload(page, dashboardReady(page), true, 'dashboard'));
    await page.goto(`${server.baseUrl}/#/company/personalSetting`);
    await shellReady(page)();
    await timed(shell.warm, inPageShell.warm, reload(page, shellReady(page), false, 'shell'));
    await timed(shell.cold, inPageShell.cold, reload(page, shellReady(page), true, 'shell'));
    await page.context().close();
  }
  console.log(
    `Home dashboard ready (overview, both key tables, four charts' figures, first chart drawn), ${RUNS} runs:`,
  );
  printFigures(runs, shell, ['cold Chromium', '']);
  console.log(
    "Measured in the page (Playwright's waits poll, and answer up to hundreds of ms after what they wait for showed):",
  );
  printFigures(inPage, inPageShell, ['from the click', ", from the navigation's start"]);
  console.log("The last sign-in's requests until the dashboard was ready (start-end ms after the click):");
  for (const r of lastSignIn)
    console.log(`  ${r.start.toFixed(0).padStart(5)}-${r.end.toFixed(0).padEnd(5)} ${r.path}`);
} finally {
  await browser.close();
  await server.stop();
}
