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
 * Reloads `page` at its address (with the browser's cache cleared when `cold`) and answers ms until
 * `ready` (a wait for what the reloaded page shows) resolves, the CPU time the page's main thread used
 * meanwhile (ms: what a loaded machine inflates least, as it counts no waiting for a core), and what was
 * requested meanwhile in the order it started.
 */
export async function reload(
  page: Page,
  ready: () => Promise<unknown>,
  cold: boolean,
): Promise<{ ms: number; mainThreadMs: number; requests: Seen[] }> {
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
  const mainThreadMs = ((await mainThreadSeconds(session)) - cpuBefore) * 1000;
  page.off('request', onRequest);
  await session.detach();
  return { ms, mainThreadMs, requests: requests.sort((a, b) => a.start - b.start) };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

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
