import type { Page } from 'playwright-core';

/** One response as the browser received it: bytes on the wire (headers and encoded body). */
export interface Transfer {
  url: string;
  /** Chromium's resource type: Script, Document, Stylesheet, Fetch... */
  type: string;
  status: number;
  headers: Record<string, string>;
  transferred: number;
}

/** What a page has received so far, from Chromium's own network log (DevTools protocol). */
export interface TransferLog {
  /** Every finished response, in the order they finished. */
  list(): Transfer[];
  /** Finished responses of one resource type. */
  ofType(type: string): Transfer[];
}

const lowerCaseKeys = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/**
 * Starts recording the page's responses with their transfer size (Network.loadingFinished
 * encodedDataLength): what came over the wire with the Accept-Encoding Chromium itself sent.
 */
export async function recordTransfers(page: Page): Promise<TransferLog> {
  const cdp = await page.context().newCDPSession(page);
  const pending = new Map<string, Omit<Transfer, 'transferred'>>();
  const finished: Transfer[] = [];
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    pending.set(requestId, {
      url: response.url,
      type,
      status: response.status,
      headers: lowerCaseKeys(response.headers),
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = pending.get(requestId);
    if (!response) return;
    pending.delete(requestId);
    finished.push({ ...response, transferred: encodedDataLength });
  });
  await cdp.send('Network.enable');
  return {
    list: () => [...finished],
    ofType: (type) => finished.filter((transfer) => transfer.type === type),
  };
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
