import { describe, expect, it } from 'vitest';
import { demoFleet } from '../apps/server/src/db/seed/demo-fleet.ts';
import { saveScreenshot } from './support/browser.ts';
import { openSignedInAt, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { tableRows } from './organization-support.ts';
import { POLL } from './support/waits.ts';

const DEALERS = '/company/dealerManage/dealersManage';
const OPERATOR = '13800000000';
// The demo fleet (registered when a simulator runs) is spread round the demo dealers: North owns every seventh.
const NORTH_DEVICES = demoFleet()
  .filter((device) => device.dealerCode === 'D1-NORTH')
  .map((device) => device.code);

describe("a dealer's devices and projects on its detail page", () => {
  const env = useServerAndBrowser({ simulator: { devices: 1, reportSeconds: 60 } });

  it('pages the devices the dealer owns, in both languages', async () => {
    const { context, page } = await openSignedInAt(env.browser, env.baseUrl, OPERATOR, DEALERS, 'dealer-table');
    try {
      await page.getByTestId('dealer-name-link').filter({ hasText: 'North China Distribution' }).click();
      await page.getByTestId('detail-sub-dealers').waitFor();
      await page.getByRole('tab', { name: text('zh-CN', 'dealers.devices') }).click();
      const devices = tableRows(page, 'detail-devices');
      await expect.poll(() => devices.count(), POLL).toBe(10);
      const shown = await devices.getByTestId('device-open').allTextContents();
      expect(shown.filter((code) => !NORTH_DEVICES.includes(code))).toEqual([]);
      const total = (locale: 'zh-CN' | 'en-US') =>
        text(locale, 'dealers.devicesTotal').replace('{{count}}', String(NORTH_DEVICES.length));
      await page.getByText(total('zh-CN')).waitFor();
      await saveScreenshot(page, 'dealer-detail-devices');

      // The last page holds the rest.
      const pages = Math.ceil(NORTH_DEVICES.length / 10);
      await page.locator(`.ant-pagination-item-${pages}:visible`).click();
      await expect.poll(() => devices.count(), POLL).toBe(NORTH_DEVICES.length - (pages - 1) * 10);

      await page.getByTestId('language-switch').getByText('English').click();
      await page.getByText(total('en-US')).waitFor();
      await page.getByRole('tab', { name: text('en-US', 'dealers.projects') }).click();
      // The demo seeds no project: the table shows its English headings and no row.
      const projects = page.getByTestId('detail-projects');
      await projects.getByText(text('en-US', 'dealers.project.checkState')).waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-testid="detail-projects"] .ant-spin-spinning'));
      expect(await tableRows(page, 'detail-projects').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
