import type { BrowserContext, Page } from 'playwright-core';
import type { ShownToast } from './toasts.ts';

/**
 * What the browser showed when a test failed, printed with the failure: a flaky step under load is then
 * diagnosed from the CI log (which dialogs were open, which toasts and field errors showed) instead of guessed.
 */

const openContexts = new Set<BrowserContext>();
/** What the pages of contexts closed since the test began showed just before they closed (a test closes its context in `finally`, before the failure is reported). */
let closedPages: string[] = [];

/** Keeps `context` in the report until it closes, and what its pages showed then (watchContext calls it for every context). */
export function trackContext(context: BrowserContext): void {
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  const close = context.close.bind(context);
  context.close = async (...args) => {
    if (context.pages().length > 0) closedPages.push(await describePages(context.pages()));
    return close(...args);
  };
}

/** Forgets the pages of contexts closed by earlier tests. */
export function resetFailureReport(): void {
  closedPages = [];
}

/** The visible dialogs, dropdowns, toasts and field errors of the page, as text, and the toasts shown before. */
function visibleState(): string[] {
  const shown = (element: Element) =>
    (element as HTMLElement).offsetParent !== null || element.getClientRects().length > 0;
  const texts = (selector: string) =>
    Array.from(document.querySelectorAll(selector))
      .filter(shown)
      .map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200));
  return [
    ...texts('.ant-modal-wrap .ant-modal-title, .ant-modal-confirm-title').map((text) => `dialog: ${text}`),
    ...texts('.ant-modal-wrap .ant-modal-footer').map((text) => `dialog buttons: ${text}`),
    ...texts('.ant-select-dropdown, .ant-dropdown').map((text) => `dropdown: ${text}`),
    ...texts('.ant-message-notice, .ant-notification-notice').map((text) => `toast: ${text}`),
    ...texts('.ant-form-item-explain-error').map((text) => `field error: ${text}`),
    ...texts('.ant-spin-spinning').map(() => 'a spinner'),
    ...((window as { __shownToasts?: ShownToast[] }).__shownToasts ?? []).map(
      (toast) => `toast shown since the page opened: ${toast.text}`,
    ),
  ];
}

async function describePage(page: Page): Promise<string> {
  const state = await Promise.race([
    page.evaluate(visibleState),
    new Promise<string[]>((resolve) => setTimeout(() => resolve(['(the page did not answer in 5 s)']), 5000)),
  ]).catch((error: unknown) => [`(could not read the page: ${String(error)})`]);
  return [`page ${page.url()}`, ...state.map((line) => `  ${line}`)].join('\n');
}

async function describePages(pages: Page[]): Promise<string> {
  return (await Promise.all(pages.map(describePage))).join('\n');
}

/** Every open page of every open context, and the pages of contexts the test closed (as they were then), described. */
export async function describeOpenPages(): Promise<string> {
  const pages = [...openContexts].flatMap((context) => context.pages());
  const closed = closedPages.map((text) => `(closed by the test)\n${text}`);
  const open = pages.length > 0 ? [await describePages(pages)] : [];
  return [...closed, ...open].join('\n') || 'no page was open';
}
