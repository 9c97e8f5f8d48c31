import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { saveScreenshot } from './support/browser.ts';
import { openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { openRoute, tableRows } from './organization-support.ts';
import { POLL } from './support/waits.ts';

const PROTOCOLS = '/company/productManage/protocalManage';
const OPERATOR = '13800000000';
// The machine is shared and busy: give a list refresh more than vitest's default second.
const zh = (key: string) => text('zh-CN', key);

/** Opens the demo heat-pump protocol's point `code` in the point editor. */
async function openDemoPoint(page: Page, baseUrl: string, code: string): Promise<void> {
  await openRoute(page, baseUrl, PROTOCOLS, 'protocol-table');
  await page.getByTestId('protocol-search-code').fill('HP-STD');
  await page.getByTestId('protocol-table-search-submit').click();
  await expect.poll(() => tableRows(page, 'protocol-table').count(), POLL).toBe(1);
  await tableRows(page, 'protocol-table').first().getByTestId('protocol-detail-link').click();
  await page
    .getByTestId('point-table')
    .locator('tr.ant-table-row', { hasText: code })
    .getByTestId('point-open')
    .first()
    .click();
  await expect.poll(() => page.getByTestId('point-code').inputValue(), POLL).toBe(code);
}

describe('lost updates: a point edited in two tabs at once', () => {
  const env = useServerAndBrowser();

  it('the second save is refused with the reload message, keeps what was typed, and saves once reloaded', async () => {
    const { context, page: first } = await openSignedIn(env.browser, env.baseUrl, OPERATOR);
    // A second tab of the same signed-in console (one live session per account): the tab's session storage is copied into it.
    const storage = await first.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(sessionStorage))));
    const second = await context.newPage();
    await second.addInitScript((saved: string) => {
      if (sessionStorage.getItem('sessionid')) return;
      for (const [key, value] of Object.entries(JSON.parse(saved) as Record<string, string>))
        sessionStorage.setItem(key, value);
    }, storage);
    try {
      const code = 'power';
      await openDemoPoint(first, env.baseUrl, code);
      await openDemoPoint(second, env.baseUrl, code);

      await first.getByTestId('point-name').fill('第一个标签页');
      await first.getByTestId('point-save').click();
      await first.getByTestId('point-table').locator('tr.ant-table-row', { hasText: '第一个标签页' }).waitFor();

      await second.getByTestId('point-name').fill('第二个标签页');
      await second.getByTestId('point-save').click();
      const stale = second.getByTestId('stale-version');
      await expect.poll(() => stale.textContent(), POLL).toContain(zh('error.staleVersion'));
      // The form stays with what was typed until Reload.
      expect(await second.getByTestId('point-name').inputValue()).toBe('第二个标签页');
      await saveScreenshot(second, 'catalog-point-stale-version');

      await second.getByTestId('stale-version-reload').click();
      await expect.poll(() => second.getByTestId('point-name').inputValue(), POLL).toBe('第一个标签页');
      await expect(stale.count()).resolves.toBe(0);
      await second.getByTestId('point-name').fill('第二个标签页');
      await second.getByTestId('point-save').click();
      await second.getByTestId('point-table').locator('tr.ant-table-row', { hasText: '第二个标签页' }).waitFor();
    } catch (error) {
      await saveScreenshot(second, 'catalog-point-versions-failure');
      throw error;
    }
    await context.close();
  }, 180_000);
});
