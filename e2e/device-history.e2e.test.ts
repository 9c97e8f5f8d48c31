import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@dcc/contract';
import type { Page } from 'playwright-core';
import { saveScreenshot } from './support/browser.ts';
import { openSignedIn, text } from './support/console.ts';
import { reportingHeatPump } from './support/fleet.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { POLL } from './support/waits.ts';

const OPERATOR = '13800000000';
const DETAIL = '/company/deviceManage/devicesManage/deviceDetail';

async function openTab(page: Page, locale: Locale, deviceId: string, tabKey: string): Promise<void> {
  await page.goto(`${page.url().split('#')[0]}#${DETAIL}/${deviceId}`);
  await page.getByRole('tab', { name: text(locale, `deviceHistory.tabs.${tabKey}`) }).click();
}

describe('device detail history tabs', () => {
  // Three demo heat pumps report every second through the server's own broker.
  const env = useServerAndBrowser({ env: { SIM_DEVICES: '3', SIM_REPORT_SECONDS: '1', SIM_CONNECT_RATE: '10' } });

  for (const locale of LOCALES) {
    it(`${locale}: draws a 24 h curve of a reporting device and opens one of its parsed packets in the frame inspector`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      try {
        const device = await reportingHeatPump(page);

        await openTab(page, locale, device.deviceId, 'curve');
        const card = page.getByTestId('curve-card');
        await card.waitFor();
        // The range starts as the last 24 hours; only points of mode R are offered (tAmb 13 is one, setHot 3 is not).
        await page.getByTestId('curve-points').click();
        const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
        await expect.poll(() => options.count(), POLL).toBeGreaterThan(3);
        expect((await options.allTextContents()).some((label) => label.includes('(setHot)'))).toBe(false);
        // Each picked by its code as a user would in a long list: the list is virtual, so a row far from the
        // one clicked last may not be rendered at all.
        for (const code of ['tAmb', 'tOut']) {
          await page.getByTestId('curve-points').locator('input').fill(code);
          await options.filter({ hasText: `(${code})` }).click();
        }
        await page.keyboard.press('Escape');
        const drawn = page.waitForResponse((response) => response.url().includes('/device/pointHistory'));
        await page.getByTestId('curve-draw').click();
        const answer = (await (await drawn).json()) as { error_code: number; objectResult: { times: number[] } };
        expect(answer.error_code).toBe(0);
        expect(answer.objectResult.times.length).toBeGreaterThan(0);
        const span = answer.objectResult.times.at(-1)! - answer.objectResult.times[0]!;
        expect(span).toBeLessThanOrEqual(86_400_000);
        await expect.poll(() => page.getByTestId('curve-chart').getAttribute('data-drawn'), POLL).toBe('true');
        await expect(card.locator('canvas').count()).resolves.toBeGreaterThan(0);
        await saveScreenshot(page, `device-history-curve-${locale}`);

        // A range over 7 days (7.5 here: the picker greys out days further away) is refused in the console before anything is asked.
        const inputs = card.locator('.ant-picker-range input');
        await inputs.first().click();
        await inputs.first().fill('2026-01-01 00:00:00');
        await page.keyboard.press('Enter');
        await inputs.nth(1).fill('2026-01-08 12:00:00');
        await page.keyboard.press('Enter');
        await page.getByTestId('curve-draw').click();
        await expect
          .poll(() => card.textContent(), POLL)
          .toContain(text(locale, 'deviceHistory.curve.rangeProblem.tooLong'));

        await openTab(page, locale, device.deviceId, 'communicationLog');
        const log = page.getByTestId('packet-table');
        await log.waitFor();
        await log.getByTestId('packet-parse').first().click();
        const header = page.getByTestId('packet-header');
        await expect.poll(() => header.textContent(), POLL).toContain(text(locale, 'deviceHistory.packets.crcOk'));
        await expect.poll(() => page.getByTestId('packet-points').locator('tbody tr').count(), POLL).toBeGreaterThan(0);
        await page.getByTestId('packet-drawer-inspect').click();
        await page.waitForURL(/frameInspector\?versionId=/);
        const result = page.getByTestId('frame-result');
        await result.waitFor({ timeout: 30_000 });
        await expect(page.getByTestId('frame-crc-status').getAttribute('data-crc')).resolves.toBe('ok');
        await expect(page.getByTestId('frame-device-code').textContent()).resolves.toBe(device.deviceCode);
        await saveScreenshot(page, `device-history-inspector-${locale}`);
      } catch (error) {
        await saveScreenshot(page, `device-history-failure-${locale}`);
        throw error;
      } finally {
        await context.close();
      }
    });
  }
});
