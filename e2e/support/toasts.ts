import type { Page } from 'playwright-core';

/** A toast's text as it showed, and whether a test's wait has taken it. */
export interface ShownToast {
  text: string;
  taken: boolean;
}

/**
 * Runs in every page (an init script, so self-contained): keeps the text of the last 20 toasts the console showed
 * (window.__shownToasts), so that a test waits for a toast it provoked, and a failure reports one, even once it has
 * gone (a message shows for 3 s; a loaded machine can take longer to look). It watches the body's children, not the
 * console's own tree (#root), for the holders antd adds, and then those holders.
 */
export function recordToasts(): void {
  const shown: ShownToast[] = [];
  Object.assign(window, { __shownToasts: shown });
  const holders = new WeakSet<Node>();
  const notices = '.ant-message-notice, .ant-notification-notice';
  const keep = (node: Node) => {
    if (!(node instanceof HTMLElement)) return;
    const added = node.matches(notices) ? [node] : Array.from(node.querySelectorAll(notices));
    for (const notice of added)
      shown.push({ text: (notice.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300), taken: false });
    shown.splice(0, Math.max(0, shown.length - 20));
  };
  const noticeWatcher = new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach(keep)));
  const watchHolders = () => {
    document.body.querySelectorAll(':scope > div:not(#root)').forEach((holder) => {
      if (holders.has(holder)) return;
      holders.add(holder);
      keep(holder); // a holder arrives with its first toast inside
      noticeWatcher.observe(holder, { childList: true, subtree: true });
    });
  };
  addEventListener('DOMContentLoaded', () => {
    watchHolders();
    new MutationObserver(watchHolders).observe(document.body, { childList: true });
  });
}

/** The toasts `page` has shown since its document opened (the last 20), oldest first, gone or still on screen. */
export function shownToasts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as { __shownToasts?: ShownToast[] }).__shownToasts ?? []).map((toast) => toast.text),
  );
}

/**
 * Waits until `page` has shown a toast containing `text` that no earlier wait took (recordToasts: it may have gone
 * again), takes it, and answers its whole text: the same message twice in a test needs two toasts.
 */
export async function waitForToast(page: Page, text: string): Promise<string> {
  const found = await page.waitForFunction(
    (part) => {
      const toast = ((window as { __shownToasts?: ShownToast[] }).__shownToasts ?? []).find(
        (shown) => !shown.taken && shown.text.includes(part),
      );
      if (!toast) return undefined;
      toast.taken = true;
      return toast.text;
    },
    text.replace(/\s+/g, ' ').trim(),
    { timeout: 30_000 },
  );
  return (await found.jsonValue()) as string;
}
