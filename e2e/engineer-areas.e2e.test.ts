import { describe, expect, it } from 'vitest';
import { addEngineer, listEngineers, type CallResponse } from '@dcc/contract';
import type { Page } from 'playwright-core';
import { saveScreenshot } from './support/browser.ts';
import { openSignedInAt, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { pickArea, tableRows } from './organization-support.ts';
import { POLL } from './support/waits.ts';

const ENGINEERS = '/company/dealerManage/engineerManage';
const OPERATOR = '13800000000';

type Envelope<T> = { error_code: number; objectResult: T };

/** Ticks the divisions at the end of `labels` in the multiple area picker `testId`, opening the levels before it. */
async function tickArea(page: Page, testId: string, labels: readonly string[]): Promise<void> {
  await page.getByTestId(testId).first().click();
  const menus = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu');
  for (const [level, label] of labels.slice(0, -1).entries())
    await menus.nth(level).getByText(label, { exact: true }).click();
  await menus
    .nth(labels.length - 1)
    .locator('.ant-cascader-menu-item', { hasText: labels[labels.length - 1] })
    .locator('.ant-cascader-checkbox')
    .click();
  await page.keyboard.press('Escape');
}

describe("an after-sales engineer's service areas", () => {
  const env = useServerAndBrowser();

  it('are divisions named in the language shown: Beijing in English, 北京市 in Chinese; picked in the form and filtered by', async () => {
    const { context, page } = await openSignedInAt(env.browser, env.baseUrl, OPERATOR, ENGINEERS, 'engineer-table');
    try {
      const areasOf = (name: string) =>
        tableRows(page, 'engineer-table')
          .filter({ hasText: name })
          .getByTestId('engineer-areas-cell')
          .locator('.ant-tag')
          .allTextContents();
      // The seeded engineers: Zhao serves Beijing, Qian Hao Shanghai.
      await expect.poll(() => areasOf('赵工'), POLL).toEqual(['北京市']);
      await expect.poll(() => areasOf('Qian Hao'), POLL).toEqual(['上海市']);
      await page.getByTestId('language-switch').getByText('English').click();
      await expect.poll(() => areasOf('赵工'), POLL).toEqual(['Beijing']);
      await expect.poll(() => areasOf('Qian Hao'), POLL).toEqual(['Shanghai']);
      await expect(page.getByTestId('engineer-search-area').textContent()).resolves.toBe(
        text('en-US', 'org.area.placeholder'),
      );
      await saveScreenshot(page, 'engineer-areas-english');

      await page.getByTestId('engineer-add').click();
      await page.getByTestId('engineer-name').fill('Area Engineer');
      await page.getByTestId('engineer-phone').fill('13766660131');
      await page.getByTestId('new-password').fill('Engineer2026');
      await page.getByTestId('confirm-password').fill('Engineer2026');
      await tickArea(page, 'engineer-areas', ['Guangdong', 'Shenzhen']);
      await tickArea(page, 'engineer-areas', ['Tianjin']);
      const added = page.waitForResponse((response) => response.url().includes(addEngineer.path));
      await page.getByTestId('engineer-form-ok').click();
      const answer = (await (await added).json()) as Envelope<CallResponse<typeof addEngineer>>;
      expect(answer).toMatchObject({ error_code: 0, objectResult: { areaCodes: ['440300', '120000'] } });

      // Filtering by Guangdong finds the engineer serving its city Shenzhen, and no one else.
      await pickArea(page, 'engineer-search-area', ['Guangdong']);
      const filtered = page.waitForResponse(
        (response) =>
          response.url().includes(listEngineers.path) &&
          (response.request().postData() ?? '').includes('"area":"440000"'),
      );
      await page.getByTestId('engineer-table-search-submit').click();
      await filtered;
      await expect.poll(() => tableRows(page, 'engineer-table').count(), POLL).toBe(1);
      await expect.poll(() => areasOf('Area Engineer'), POLL).toEqual(['Shenzhen', 'Tianjin']);
      await page.getByTestId('language-switch').getByText('中文').click();
      await expect.poll(() => areasOf('Area Engineer'), POLL).toEqual(['深圳市', '天津市']);
      await saveScreenshot(page, 'engineer-areas-chinese');
    } catch (error) {
      await saveScreenshot(page, 'engineer-areas-failure');
      throw error;
    }
    await context.close();
  }, 180_000);
});
