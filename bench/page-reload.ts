import { performance } from 'node:perf_hooks';
import type { Page, Request } from 'playwright-core';

/** A request a page made after a reload: when it started and ended (ms after the reload), its size and body. */
export interface Seen {
  url: string;
  start: number;
  end: number;
  bytes: number;
  method: string;
  body: string | null;
}

/**
 * Reloads `page` at its address (with the browser's cache cleared when `cold`) and answers ms until
 * `ready` (a wait for what the reloaded page shows) resolves, and what was requested meanwhile in the order it started.
 */
export async function reload(
  page: Page,
  ready: () => Promise<unknown>,
  cold: boolean,
): Promise<{ ms: number; requests: Seen[] }> {
  const session = await page.context().newCDPSession(page);
  if (cold) await session.send('Network.clearBrowserCache');
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
  page.off('request', onRequest);
  await session.detach();
  return { ms, requests: requests.sort((a, b) => a.start - b.start) };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
