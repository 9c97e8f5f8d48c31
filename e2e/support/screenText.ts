import type { Page } from 'playwright-core';
import { vi } from 'vitest';

/**
 * What a page shows a reader, read for the every-screen language walk: each visible text of the page's
 * content (text nodes, and the title attribute an ellipsis cell's tooltip shows) with the title of the
 * table column it sits in, and whether a 'No data' state flashed before a list's first answer.
 */
export interface ShownText {
  text: string;
  /** The header of the table column holding it; '' outside a table. */
  column: string;
  /** Shown as an identifier (a code element): the thing model's and the point table's codes. */
  code: boolean;
}

/**
 * Installed before the console loads: remembers every 'No data' state (.ant-empty) added inside a
 * table, so that a table that later shows rows is known to have said 'No data' before its answer.
 */
export const FLASH_WATCH = `(() => {
  const seen = [];
  window.__emptyTables = seen;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const empties = node.matches('.ant-empty') ? [node] : Array.from(node.querySelectorAll('.ant-empty'));
        for (const empty of empties) {
          const table = empty.closest('.ant-table-wrapper');
          if (table && !seen.includes(table)) seen.push(table);
        }
      }
  }).observe(document, { childList: true, subtree: true });
})();`;

/** Tables of the content that said 'No data' since the last call and now show rows: a flash before the first answer. */
export function flashedTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const holder = window as unknown as { __emptyTables?: Element[] };
    const seen = holder.__emptyTables ?? [];
    holder.__emptyTables = [];
    return seen
      .filter((table) => table.isConnected && table.querySelector('tbody tr.ant-table-row') !== null)
      .map((table) => table.closest('[data-testid]')?.getAttribute('data-testid') ?? 'a table');
  });
}

/** The visible texts of the console's content area (breadcrumb and page), with their column titles. */
export function shownTexts(page: Page): Promise<ShownText[]> {
  return page.evaluate(() => {
    const content = document.querySelector('main.ant-layout-content');
    if (!content) return [];
    const shown: Array<{ text: string; column: string; code: boolean }> = [];
    const columnOf = (element: Element): string => {
      const cell = element.closest('td');
      const table = cell?.closest('table');
      if (!cell || !table) return '';
      const row = cell.parentElement as HTMLTableRowElement;
      const index = Array.from(row.cells).indexOf(cell as HTMLTableCellElement);
      // A table of antd with a fixed header keeps its header in a table of its own.
      const header =
        table.querySelector('thead tr') ??
        cell.closest('.ant-table-container')?.querySelector('.ant-table-header thead tr') ??
        null;
      const th = header ? (header as HTMLTableRowElement).cells[index] : undefined;
      return th?.textContent?.trim() ?? '';
    };
    const visible = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      element.closest('.ant-select-dropdown, .ant-picker-dropdown, .ant-tooltip, [aria-hidden="true"]') === null;
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || !visible(parent) || parent.closest('script, style')) continue;
      shown.push({ text, column: columnOf(parent), code: parent.closest('code') !== null });
    }
    for (const element of Array.from(content.querySelectorAll('[title]'))) {
      const title = element.getAttribute('title')?.trim() ?? '';
      if (title && visible(element)) shown.push({ text: title, column: columnOf(element), code: false });
    }
    return shown;
  });
}

/** What the content shows while it waits: a spinner, a skeleton, or a page whose code is still loading (lazyPage). */
const BUSY = [
  'main.ant-layout-content .ant-spin-spinning',
  'main.ant-layout-content .ant-skeleton-active',
  'main.ant-layout-content [aria-busy="true"]',
].join(', ');

/**
 * Waits until the page has settled: no call of the console in flight (the live stream aside) and nothing busy in the
 * content (BUSY). `inflight` counts the page's calls (see trackCalls).
 */
export async function settled(page: Page, inflight: () => number): Promise<void> {
  const idle = () =>
    page.waitForFunction(
      (busy) => document.querySelector('main.ant-layout-content') !== null && document.querySelector(busy) === null,
      BUSY,
      { timeout: 60_000 },
    );
  await idle();
  await vi.waitFor(
    () => {
      if (inflight() > 0) throw new Error(`calls still in flight on ${page.url()}`);
    },
    { timeout: 60_000, interval: 100 },
  );
  // An answer may start a render with a spinner of its own (a second query): wait for that too.
  await idle();
}

/** Counts the page's calls to the server in flight (the live event stream, which stays open, aside). */
export function trackCalls(page: Page): () => number {
  const open = new Set<unknown>();
  const isCall = (url: string, type: string) =>
    /\/(cloudservice|crmservice)\//.test(url) && type !== 'eventsource' && !/\/events|\/live/.test(url);
  page.on('request', (request) => {
    if (isCall(request.url(), request.resourceType())) open.add(request);
  });
  const done = (request: unknown) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open.size;
}
