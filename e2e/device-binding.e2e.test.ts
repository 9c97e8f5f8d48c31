import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDevice, listProducts, type Locale } from '@dcc/contract';
import { saveScreenshot } from './support/browser.ts';
import { callAsPage, openSignedIn, requiredText, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { openRoute } from './organization-support.ts';
import { POLL } from './support/waits.ts';

const OPERATOR = '13800000000';
// The machine is shared and busy: give a list refresh more than vitest's default second.
const LOCALES: readonly Locale[] = ['zh-CN', 'en-US'];

/** Opens a page of Device management by its menu path and answers its table. */
async function openPage(page: Page, baseUrl: string, path: string, tableTestId: string): Promise<Locator> {
  await openRoute(page, baseUrl, path, tableTestId);
  return page.getByTestId(tableTestId);
}

/** Registers a device of the demo catalog through the page's session and answers its IoT code. */
async function newDevice(page: Page, deviceCode: string): Promise<string> {
  const products = await callAsPage<{ list: Array<{ productId: string }> }>(page, listProducts.path, {});
  const added = await callAsPage(page, addDevice.path, {
    deviceCode,
    deviceName: `Binding ${deviceCode}`,
    productId: products.objectResult!.list[0]!.productId,
  });
  expect(added.error_code).toBe(0);
  return deviceCode;
}

/** Types into a list's search field and searches; waits until exactly one row is shown. */
async function searchOne(
  page: Page,
  table: Locator,
  fieldTestId: string,
  value: string,
  tableTestId: string,
): Promise<Locator> {
  await page.getByTestId(fieldTestId).fill(value);
  await page.getByTestId(`${tableTestId}-search-submit`).click();
  await expect.poll(() => table.locator('tr.ant-table-row').count(), POLL).toBe(1);
  return table.locator('tr.ant-table-row').first();
}

async function confirmRowAction(row: Locator, action: string): Promise<void> {
  await row.getByTestId(action).click();
  await row.page().getByTestId(`${action}-confirm`).filter({ visible: true }).click();
}

describe('barcode binding and MAC mapping', () => {
  const env = useServerAndBrowser();

  for (const [index, locale] of LOCALES.entries()) {
    it(`${locale}: binds and unbinds a barcode, refusing a bad format, and allocates a MAC to the device until it succeeds`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      try {
        const deviceCode = await newDevice(page, `E2E-BIND-0${index}`);
        const sn = `HP-A200-E2E-00${index}`;
        const mac = `3C:A5:08:12:AB:0${index}`;

        const barcodes = await openPage(page, env.baseUrl, '/company/deviceManage/snBoundMgr', 'sn-table');
        const row = await searchOne(page, barcodes, 'sn-search-keyword', deviceCode, 'sn-table');
        await row.getByTestId('row-bind').click();
        await page.getByTestId('sn-bind-form-ok').click();
        await page.getByText(requiredText(locale, 'deviceBinding.sn')).waitFor();
        // The contract's format rule runs in the console, with the server's message.
        await page.getByTestId('sn-bind-sn').fill('ab_12');
        await page.getByText(text(locale, 'deviceBinding.validation.sn.format')).waitFor();
        await page.getByTestId('sn-bind-sn').fill(sn.toLowerCase());
        await page.getByTestId('sn-bind-form-ok').click();
        await row.getByText(sn).waitFor();
        await row.getByText(text(locale, 'deviceBinding.sn.source.console')).waitFor();
        await saveScreenshot(page, `device-binding-bound-${locale}`);

        await confirmRowAction(row, 'row-unbind');
        await row.getByTestId('row-bind').waitFor();
        await expect(row.textContent()).resolves.not.toContain(sn);

        const macs = await openPage(page, env.baseUrl, '/company/deviceManage/macMgr', 'mac-table');
        await page.getByTestId('mac-add').click();
        await page.getByTestId('mac-add-text').fill('01:00:5E:00:00:01');
        await page.getByText(text(locale, 'deviceBinding.validation.mac.format'), { exact: false }).waitFor();
        await page.getByTestId('mac-add-text').fill(mac.replace(/:/g, '-').toLowerCase());
        await page.getByTestId('mac-add-form-ok').click();
        const macRow = await searchOne(page, macs, 'mac-search-mac', mac, 'mac-table');
        await macRow.getByText(text(locale, 'deviceBinding.mac.state.undistributed')).waitFor();

        await macRow.getByTestId('row-allocate').click();
        await page.getByTestId('mac-allocate-deviceCode').fill(deviceCode);
        await page.getByTestId('mac-allocate-form-ok').click();
        await macRow.getByText(text(locale, 'deviceBinding.mac.state.occupied')).waitFor();
        await macRow.getByText(deviceCode, { exact: true }).waitFor();
        await confirmRowAction(macRow, 'row-confirm');
        await macRow.getByText(text(locale, 'deviceBinding.mac.state.succeeded')).waitFor();
        await saveScreenshot(page, `device-binding-mac-${locale}`);
      } catch (error) {
        await saveScreenshot(page, `device-binding-failure-${locale}`);
        throw error;
      }
      await context.close();
    });
  }
});
