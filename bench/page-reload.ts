import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import { openSignedIn } from '../e2e/support/console.ts';

/** A request a page made after a reload: when it started and ended (ms after the reload), its size and body. */
export interface Seen {
  url: string;
  start: number;
  end: number;
  bytes: number;
  method: string;
  body: string | null;
}

/** The page's main thread's CPU time so far (s): Chromium's ThreadTime metric. */
async function mainThreadSeconds(session: CDPSession): Promise<number> {
  const { metrics } = await session.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? Number.NaN;
}

/**
 * From now on, every load of `page` records in the page, under `name`, when every one of `selectors` first matches
 * (a MutationObserver installed before the page's own code, watching elements and attributes), at the next animation
 * frame: the time a user sees it, in ms from the navigation's start. Playwright's own wait for an element polls, and
 * after a navigation it retries at growing intervals (up to 500 ms), so the time it answers can be hundreds of ms
 * later than the element showed.
 */
export async function markShown(page: Page, name: string, selectors: string[]): Promise<void> {
  // A string, not a function: the bench bundle's helpers (esbuild's __name) do not exist in the page.
  await page.addInitScript(`(() => {
    const name = ${JSON.stringify(name)};
    const selectors = ${JSON.stringify(selectors)};
    window.__shown = window.__shown || {};
    const observer = new MutationObserver(() => {
      if (!selectors.every((selector) => document.querySelector(selector))) return;
      observer.disconnect();
      requestAnimationFrame(() => { window.__shown[name] = performance.now(); });
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  })();`);
}

/** What markShown recorded under `name` in the page's current load (ms from its navigation's start), or null. */
export async function shownAt(page: Page, name: string): Promise<number | null> {
  return page
    .waitForFunction(
      (key) => (window as unknown as { __shown?: Record<string, number> }).__shown?.[key] ?? false,
      name,
      { timeout: 5000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => null);
}

/**
 * Reloads `page` at its address (with the browser's cache cleared when `cold`) and answers ms until
 * `ready` (a wait for what the reloaded page shows) resolves, what markShown recorded in the page under `shown`,
 * the CPU time the page's main thread used
 * meanwhile (ms: what a loaded machine inflates least, as it counts no waiting for a core), and what was
 * requested meanwhile in the order it started.
 */
export async function reload(
  page: Page,
  ready: () => Promise<unknown>,
  cold: boolean,
  shown?: string,
): Promise<{ ms: number; shownMs: number | null; mainThreadMs: number; requests: Seen[] }> {
  const session = await page.context().newCDPSession(page);
  if (cold) await session.send('Network.clearBrowserCache');
  await session.send('Performance.enable');
  const cpuBefore = await mainThreadSeconds(session);
  const requests: Seen[] = [];
  const open = new Map<Request, Seen>();
  const t0 = performance.now();
  const onRequest = (request: Request) =>
    open.set(request, {
      url: request.url(),
      start: performance.now() - t0,
      end: -1,
      bytes: 0,
      method: request.method(),
      body: request.postData(),
    });
  const onFinished = async (request: Request) => {
    const seen = open.get(request);
    if (!seen) return;
    seen.end = performance.now() - t0;
    seen.bytes = (await request.sizes().catch(() => ({ responseBodySize: 0 }))).responseBodySize;
    requests.push(seen);
  };
  page.on('request', onRequest);
  page.on('requestfinished', (r) => void onFinished(r));
  await page.reload();
  await ready();
  const ms = performance.now() - t0;
  const shownMs = shown ? await shownAt(page, shown) : null;
  const mainThreadMs = ((await mainThreadSeconds(session)) - cpuBefore) * 1000;
  page.off('request', onRequest);
  await session.detach();
  return { ms, shownMs, mainThreadMs, requests: requests.sort((a, b) => a.start - b.start) };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One figure of a bench's runs: `  label: median .. ms, max .. ms (each run)` and what follows it. */
export const figureLine = (label: string, values: number[], after = '') =>
  console.log(
    `  ${label}: median ${median(values).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (${values.map((v) => v.toFixed(0)).join(', ')})${after}`,
  );

/**
 * Signs in as the e2e suite does, trying again (up to three times, in a fresh profile) when the sign-in
 * times out: on a loaded shared machine a server that has just started (its demo fleet backfilling
 * history) can take longer than the suite's 30 s to answer it. The sign-in is not what a bench measures.
 */
export async function signInPatiently(
  browser: Browser,
  baseUrl: string,
  account: string,
): Promise<{ context: BrowserContext; page: Page }> {
  for (let attempt = 1; ; attempt++) {
    const before = new Set(browser.contexts());
    try {
      return await openSignedIn(browser, baseUrl, account);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || error.name !== 'TimeoutError') throw error;
      console.log(`sign-in timed out (attempt ${attempt}, load average ${loadavg()[0]!.toFixed(1)}); trying again`);
      // The failed attempt's profile only (another sign-in may be running beside it).
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((context) => context.close()),
      );
    }
  }
}
