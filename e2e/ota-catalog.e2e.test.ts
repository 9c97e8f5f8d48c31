import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Locale } from '@dcc/contract';
import { saveScreenshot } from './support/browser.ts';
import { openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { openRoute } from './organization-support.ts';
import { choose } from './catalog-support.ts';
import { POLL } from './support/waits.ts';

const OPERATOR = '13800000000';
const FIRMWARE = '/company/otaNewManage/firmwareList';
const BATCH = '/company/otaNewManage/batchUpgrading';
const DEVICES = '/company/otaManage/deviceList';

/** Chooses a file in the open upload dialog (nothing is sent before OK). */
const chooseFile = (page: Page, name: string, bytes: Buffer) =>
  page
    .locator('.ant-modal:visible input[type=file]')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });

/** Searches a list and answers how many rows it shows. */
async function searchRows(page: Page, tableTestId: string): Promise<number> {
  await page.getByTestId(`${tableTestId}-search-submit`).click();
  await page.waitForFunction((id) => !document.querySelector(`[data-testid="${id}"] .ant-spin-spinning`), tableTestId);
  return page.getByTestId(tableTestId).locator('tr.ant-table-row').count();
}

/**
 * The OTA catalog through the screens, on the live fleet (its DTUs online over the embedded broker): a firmware
 * uploaded by the form (a file that is not .plcx refused), listed; a 4G batch task made with it upgrades the
 * fleet's heat pumps as they are online, whose new version shows in the device list; the batch is disabled.
 */
describe('OTA firmware, device list and batch upgrading', () => {
  const env = useServerAndBrowser({ simulator: { devices: 4, reportSeconds: 60 } });

  for (const [index, locale] of (['zh-CN', 'en-US'] as const satisfies readonly Locale[]).entries()) {
    it(`${locale}: uploads a firmware, sees it listed, sees the devices' new version after a batch task, and disables the batch`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      const version = `3.${index}.0`;
      const name = `dtu-e2e-${version}.plcx`;
      try {
        await openRoute(page, env.baseUrl, FIRMWARE, 'firmware-table');
        await page.getByTestId('firmware-upload-open').click();
        // The demo heat pump, named in the reader's language.
        await choose(page, 'firmware-product', locale === 'zh-CN' ? '空气源热泵 A200' : 'Heat pump A200');
        await page
          .locator('.ant-modal:visible')
          .getByText(text(locale, 'otaCatalog.types.gateway'), { exact: true })
          .click();
        await page.getByTestId('firmware-version').fill(version);
        await page.getByTestId('firmware-software-code').fill('DTU4G');
        await page.getByTestId('firmware-hardware-code').fill('HW-4G');
        await chooseFile(page, 'dtu.bin', randomBytes(1024));
        await page.getByTestId('firmware-upload-ok').click();
        await page.getByText(text(locale, 'otaCatalog.fileNotPlcx'), { exact: true }).waitFor();
        await chooseFile(page, name, randomBytes(64 * 1024));
        await page.getByTestId('firmware-upload-ok').click();
        await page.getByText(text(locale, 'otaCatalog.uploaded')).waitFor();
        await page.getByTestId('firmware-name-filter').fill(name);
        await expect.poll(() => searchRows(page, 'firmware-table'), POLL).toBe(1);
        const row = page.getByTestId('firmware-table').locator('tr.ant-table-row').first();
        await row.getByText(version, { exact: true }).waitFor();
        await row.getByText(text(locale, 'otaCatalog.types.gateway'), { exact: true }).waitFor();
        await saveScreenshot(page, `ota-firmware-${locale}`);

        await openRoute(page, env.baseUrl, BATCH, 'batch-table');
        await page.getByTestId('batch-create-open').click();
        await choose(page, 'batch-firmware', name);
        await page.getByTestId('batch-create-ok').click();
        await page.getByText(text(locale, 'otaCatalog.batchCreated')).waitFor();
        const batch = page.getByTestId('batch-table').locator('tr.ant-table-row', { hasText: name });
        await expect.poll(() => batch.getByRole('switch').getAttribute('aria-checked'), POLL).toBe('true');

        // The fleet's heat pumps online now are upgraded; the device list shows what they run.
        await openRoute(page, env.baseUrl, DEVICES, 'ota-device-table');
        await page.getByTestId('ota-device-version').fill(version);
        // Searched again until the upgraded units are listed (a search made before they reported finds none).
        const upgraded = page.getByTestId('ota-device-table').locator('tr.ant-table-row', { hasText: version });
        await expect
          .poll(async () => {
            await searchRows(page, 'ota-device-table');
            return upgraded.count();
          }, POLL)
          .toBeGreaterThan(0);
        await upgraded.first().getByText(version, { exact: true }).waitFor();
        await saveScreenshot(page, `ota-devices-${locale}`);

        await openRoute(page, env.baseUrl, BATCH, 'batch-table');
        await batch.getByRole('switch').click();
        await page.getByTestId('batch-disable-confirm').click();
        await expect.poll(() => batch.getByRole('switch').getAttribute('aria-checked'), POLL).toBe('false');
        await saveScreenshot(page, `ota-batch-${locale}`);
      } catch (error) {
        await saveScreenshot(page, `ota-catalog-failure-${locale}`);
        throw error;
      }
      await context.close();
    });
  }
});
