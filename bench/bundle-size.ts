// What a cold Chromium receives from the console's own server, and how soon it can be used:
// /login (JavaScript transferred, time until the form can be used), sign-in to a usable /company,
// and the JavaScript each lazily loaded area adds. Run with `npm run bench:bundle` (builds the
// console first when its sources changed). BENCH_RUNS (default 5) cold runs; medians reported.
import { execSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../e2e/support/browser.ts';
import { DEMO_PASSWORD } from '../e2e/support/console.ts';
import { startServer } from '../e2e/support/server.ts';
import { kb, recordTransfers, type Transfer, type TransferLog } from '../e2e/support/transfer.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const OPERATOR = '13800000000';
const LOGIN_JS_LIMIT = 250 * 1024;
const LAZY_CHUNK_LIMIT = 100 * 1024;
/** The areas built so far (apps/web/src/app/routes.tsx BUILT_PAGES), each opened once signed in. */
const AREAS = [
  'dealerManage/dealersManage',
  'dealerManage/memberManage',
  'dealerManage/roleManage',
  'dealerManage/customerManage',
  'dealerManage/pdaUserManage',
  'dealerManage/departmentManage',
  'dealerManage/engineerManage',
  'productManage/seriesManage',
  'productManage/productsManage',
  'productManage/protocalManage',
  'productManage/dataTypeManage',
  'logManage/accountLog',
  'systemManage/messageManage',
  'systemManage/buttonManage',
];

const scriptBytes = (transfers: Transfer[]) =>
  transfers.filter((transfer) => transfer.type === 'Script').reduce((sum, transfer) => sum + transfer.transferred, 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${Math.round(value)} ms`;

interface ColdRun {
  loginMs: number;
  loginJs: number;
  loginScripts: number;
  signInMs: number;
  signInJs: number;
}

/**
 * Runs in the page: when (ms since navigation start) the login form first shows, the sign-in button
 * is clicked, and the company home page with its side menu first shows. In-page clock: Playwright's
 * own polling and round trips are not counted.
 */
// Plain source, not a function: tsx would add helpers the page does not have.
const WATCH_MILESTONES = `
  const milestones = (window.milestones = {});
  const mark = (name) => (milestones[name] ??= performance.now());
  new MutationObserver(() => {
    if (document.querySelector('[data-testid="login-password"]')) mark('loginForm');
    if (document.querySelector('[data-testid="home"]') && document.querySelector('[data-testid="side-menu"]')) mark('home');
  }).observe(document, { subtree: true, childList: true });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[data-testid="login-submit"]')) mark('submit');
  }, true);
`;

/** Opens /login in a fresh profile (empty cache), signs in and waits for the company home page. */
async function coldRun(browser: Browser, baseUrl: string): Promise<{ run: ColdRun; page: Page; log: TransferLog }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on(
    'console',
    (message) => message.type() === 'error' && errors.push(`${message.text()} ${message.location().url}`),
  );
  page.on('pageerror', (error) => errors.push(error.message));
  const log = await recordTransfers(page);
  await page.addInitScript({ content: WATCH_MILESTONES });

  await page.goto(`${baseUrl}/#/login`);
  await page.getByTestId('login-password').waitFor();
  await page.waitForLoadState('networkidle');
  const atLogin = log.list();

  await page.getByTestId('login-account').fill(OPERATOR);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home').waitFor();
  await page.getByTestId('side-menu').waitFor();
  const seen = await page.evaluate(() => (window as unknown as { milestones: Record<string, number> }).milestones);
  const loginMs = seen.loginForm ?? NaN;
  const signInMs = (seen.home ?? NaN) - (seen.submit ?? NaN);
  if (errors.length > 0) console.warn(`the console logged errors:\n${errors.join('\n')}`);
  const run = {
    loginMs,
    loginJs: scriptBytes(atLogin),
    loginScripts: atLogin.filter((transfer) => transfer.type === 'Script').length,
    signInMs,
    signInJs: scriptBytes(log.list().slice(atLogin.length)),
  };
  return { run, page, log };
}

/**
 * JavaScript each area adds on top of what the company home page loaded: the area's URL opened by
 * a reload in the same tab (session kept, cached chunks come from the cache and count 0 bytes).
 */
async function areaTransfers(
  page: Page,
  log: TransferLog,
  baseUrl: string,
): Promise<{ area: string; js: number; chunks: number; largest: number }[]> {
  const rows = [];
  for (const area of AREAS) {
    // replaceState fires no hashchange: the router does not start loading before the reload.
    await page.evaluate((url) => history.replaceState(null, '', url), `${baseUrl}/#/company/${area}`);
    const before = log.list().length;
    await page.reload({ waitUntil: 'networkidle' });
    const scripts = log
      .list()
      .slice(before)
      .filter((transfer) => transfer.type === 'Script' && transfer.transferred > 0);
    rows.push({
      area,
      js: scriptBytes(scripts),
      chunks: scripts.length,
      largest: Math.max(0, ...scripts.map((script) => script.transferred)),
    });
  }
  return rows;
}

function machine(): string {
  const node = process.version;
  const cpu = cpus()[0]?.model ?? 'unknown';
  const chromium = execSync('/usr/bin/chromium --version 2>/dev/null || true').toString().trim();
  return `${cpus().length} CPUs (${cpu}), Node ${node}, ${chromium}, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;
}

const server = await startServer();
const browser = await launchBrowser();
try {
  console.log(`Machine: ${machine()}`);
  const runs: ColdRun[] = [];
  let areas: Awaited<ReturnType<typeof areaTransfers>> = [];
  for (let index = 0; index < RUNS; index += 1) {
    const { run, page, log } = await coldRun(browser, server.baseUrl);
    runs.push(run);
    console.log(
      `run ${index + 1}: /login usable ${ms(run.loginMs)} (${kb(run.loginJs)} JS in ${run.loginScripts} files), sign-in to usable /company ${ms(run.signInMs)} (+${kb(run.signInJs)} JS)`,
    );
    if (index === 0) areas = await areaTransfers(page, log, server.baseUrl);
    await page.context().close();
  }
  const loginJs = median(runs.map((run) => run.loginJs));
  console.log(`\nMedian of ${RUNS} cold runs:`);
  console.log(`  /login usable            ${ms(median(runs.map((run) => run.loginMs)))}  (target < 800 ms)`);
  console.log(`  /login JavaScript        ${kb(loginJs)} transferred  (limit 250 KB)`);
  console.log(
    `  sign-in -> /company      ${ms(median(runs.map((run) => run.signInMs)))}  (target < 1000 ms), +${kb(median(runs.map((run) => run.signInJs)))} JS`,
  );
  console.log('\nJavaScript each area adds (opened after the company home page; largest chunk limit 100 KB):');
  for (const row of areas)
    console.log(
      `  ${row.area.padEnd(32)} ${kb(row.js).padStart(9)} in ${String(row.chunks).padStart(2)} files, largest ${kb(row.largest)}`,
    );
  if (loginJs > LOGIN_JS_LIMIT || areas.some((row) => row.largest >= LAZY_CHUNK_LIMIT)) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
