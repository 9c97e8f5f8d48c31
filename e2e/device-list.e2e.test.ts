import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  addDevice,
  followDevices,
  importDevices,
  listDevices,
  lockDevices,
  translate,
  type Locale,
} from '@dcc/contract';
import type { Page } from 'playwright-core';
import { saveScreenshot } from './support/browser.ts';
import { openSignedInAt, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { choose } from './catalog-support.ts';
import { openRoute, pickArea, tableRows } from './organization-support.ts';
import { POLL } from './support/waits.ts';

const DEVICES = '/company/deviceManage/devicesManage';
const FAVOURITES = '/company/deviceManage/collectionManage';
const OPERATOR = '13800000000';
// The first 16 devices of the demo fleet: heat pumps HP2406A0001-0014 and water heaters WH2406X0001-0002; HP2406A0009 (every tenth) is not activated.
const FLEET = { devices: 16, reportSeconds: 5 };
// HP2406A000x, online, ambient temperature (point 13) reported at least -50 °C: activated heat pumps 1 to 8.
const EXPECTED_CODES = [
  'HP2406A0001',
  'HP2406A0002',
  'HP2406A0003',
  'HP2406A0004',
  'HP2406A0005',
  'HP2406A0006',
  'HP2406A0007',
  'HP2406A0008',
];

type Envelope<T> = { error_code: number; objectResult: T };
const shownCodes = (page: Page) => tableRows(page, 'device-table').getByTestId('device-open').allTextContents();

/** The demo heat pump as product selects name it: in the reader's language (localName). */
const heatPumpName = (locale: Locale) => (locale === 'zh-CN' ? '空气源热泵 A200' : 'Heat pump A200');

/** Builds the three conditions in the filter builder and applies them. */
async function filterLiveFleet(page: Page, locale: Locale): Promise<void> {
  const t = (key: string) => text(locale, key);
  for (let row = 0; row < 3; row += 1) await page.getByTestId('filter-add').click();
  await page.getByTestId('filter-combinator-and').click();
  await choose(page, 'filter-0-field', t('devices.filter.field.deviceCode'));
  await choose(page, 'filter-0-symbol', t('devices.filter.symbol.contains'));
  await page.getByTestId('filter-0-value').fill('HP2406A000');
  await choose(page, 'filter-1-field', t('devices.filter.field.deviceStatus'));
  await choose(page, 'filter-1-symbol', t('devices.filter.symbol.eq'));
  await choose(page, 'filter-1-value', t('devices.status.ONLINE'));
  await choose(page, 'filter-2-field', t('devices.filter.field.addressData'));
  await choose(page, 'filter-2-productId', heatPumpName(locale));
  await page.getByTestId('filter-2-address').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^13 / })
    .first()
    .click();
  await choose(page, 'filter-2-symbol', t('devices.filter.symbol.ge'));
  await page.getByTestId('filter-2-value').fill('-50');
}

/** A workbook of `count` devices with the import template's header in `locale`; `lastCode` replaces the last row's IoT code. */
async function deviceWorkbook(locale: Locale, prefix: string, count: number, lastCode?: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Devices');
  const column = (field: string) => translate(locale, `deviceCommands.import.column.${field}`);
  sheet.addRow([
    column('deviceCode'),
    column('deviceName'),
    column('product'),
    column('sn'),
    column('province'),
    column('city'),
  ]);
  for (let i = 1; i <= count; i += 1) {
    const code = i === count && lastCode ? lastCode : `${prefix}${String(i).padStart(3, '0')}`;
    sheet.addRow([code, `Imported ${i}`, '空气源热泵 A200', `SN-${prefix}${i}`, '330000', '330100']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('the device list on the live fleet', () => {
  const env = useServerAndBrowser({ simulator: FLEET });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`filters the live fleet with three conditions, exports it, locks a device (its outcome shown), adds one by the form and imports 100 from Excel, and follows a device into the favourites (${locale})`, async () => {
      const { context, page } = await openSignedInAt(
        env.browser,
        env.baseUrl,
        OPERATOR,
        DEVICES,
        'device-table',
        locale,
      );
      try {
        await filterLiveFleet(page, locale);
        // The fleet comes online and reports within seconds; filtering again asks again.
        await expect
          .poll(async () => {
            const answered = page.waitForResponse((response) => response.url().includes(listDevices.path));
            await page.getByTestId('filter-apply').click();
            const body = (await (await answered).json()) as Envelope<{ list: Array<{ deviceCode: string }> }>;
            return body.objectResult.list.map((device) => device.deviceCode).sort();
          }, POLL)
          .toEqual(EXPECTED_CODES);
        await expect.poll(async () => (await shownCodes(page)).sort(), POLL).toEqual(EXPECTED_CODES);
        const statuses = await tableRows(page, 'device-table').getByTestId('device-status').allTextContents();
        expect(new Set(statuses)).toEqual(new Set([text(locale, 'devices.status.ONLINE')]));
        await expect(page.getByTestId('device-total').textContent()).resolves.toBe(
          text(locale, 'list.total').replace('{{total}}', '8'),
        );
        await saveScreenshot(page, `device-list-filter-${locale}`);

        // The export of the filter: progress, then one download of the eight devices.
        await page.getByTestId('device-export').click();
        await page.getByTestId('export-download').waitFor({ timeout: 60_000 });
        const download = page.waitForEvent('download');
        await page.getByTestId('export-download').click();
        const book = new ExcelJS.Workbook();
        await book.xlsx.readFile((await (await download).path())!);
        expect(book.worksheets[0]!.rowCount).toBe(1 + EXPECTED_CODES.length);
        await page.getByTestId('export-downloaded').waitFor();
        await page.getByTestId('export-close').click();

        // A batch lock answers each device's outcome.
        const target = tableRows(page, 'device-table').filter({ hasText: 'HP2406A0001' });
        await target.locator('.ant-checkbox-input').check();
        const locked = page.waitForResponse((response) => response.url().includes(lockDevices.path));
        await page.getByTestId('batch-lock').click();
        const lockAnswer = (await (await locked).json()) as Envelope<{ results: Array<{ outcome: string }> }>;
        expect(lockAnswer.objectResult.results).toHaveLength(1);
        const outcomeRow = page.getByTestId('batch-outcomes').locator('tr.ant-table-row');
        await expect.poll(() => outcomeRow.textContent(), POLL).toContain('HP2406A0001');
        expect(await outcomeRow.textContent()).toContain(
          text(locale, `devices.batch.outcomes.${lockAnswer.objectResult.results[0]!.outcome}`),
        );
        await page.getByTestId('modal-ok').filter({ visible: true }).click();
        await target.locator('.ant-checkbox-input').uncheck();

        // Follow the first device and find it in the favourites.
        const first = tableRows(page, 'device-table').first();
        const code = await first.getByTestId('device-open').textContent();
        await first.locator('.ant-checkbox-input').check();
        const followed = page.waitForResponse((response) => response.url().includes(followDevices.path));
        await page.getByTestId('batch-follow').click();
        expect((await (await followed).json()) as Envelope<{ followed: number }>).toMatchObject({
          error_code: 0,
          objectResult: { followed: 1 },
        });
        await openRoute(page, env.baseUrl, FAVOURITES, 'favourite-table');
        await expect
          .poll(() => tableRows(page, 'favourite-table').getByTestId('favourite-open').allTextContents(), POLL)
          .toContain(code);

        // One device by the form, with its province and city; its secret is shown once.
        const single = `ONE${locale === 'zh-CN' ? 'Z' : 'E'}${Date.now().toString(36).toUpperCase()}`;
        await openRoute(page, env.baseUrl, `${DEVICES}/addDevice`, 'add-device-form');
        await page.getByTestId('add-deviceCode').fill(single);
        await page.getByTestId('add-deviceName').fill('Form device');
        await choose(page, 'add-productId', heatPumpName(locale));
        await pickArea(page, 'add-area', locale === 'zh-CN' ? ['浙江省', '杭州市'] : ['Zhejiang', 'Hangzhou']);
        const added = page.waitForResponse((response) => response.url().includes(addDevice.path));
        await page.getByTestId('add-submit').click();
        expect((await (await added).json()) as Envelope<unknown>).toMatchObject({
          error_code: 0,
          objectResult: { deviceCode: single, provinceCode: '330000', cityCode: '330100' },
        });
        await expect.poll(() => page.getByTestId('device-secret').textContent(), POLL).toMatch(/^[0-9a-f]{64}$/);
        await page.getByTestId('secret-done').click();

        // Import 100 devices: all of them are registered, and the list finds them by the import's prefix.
        const prefix = `IMP${locale === 'zh-CN' ? 'Z' : 'E'}${Date.now().toString(36).toUpperCase()}-`;
        await openRoute(page, env.baseUrl, `${DEVICES}/addDevice`, 'add-device-tabs');
        await page.getByRole('tab', { name: text(locale, 'devices.import.tab') }).click();
        // A file with a bad row is refused whole, its problem shown by row and column.
        const refused = page.waitForResponse((response) => response.url().includes(importDevices.path));
        await page.locator('input[type=file]').setInputFiles({
          name: 'bad.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: await deviceWorkbook(locale, prefix, 2, 'bad/code'),
        });
        expect(((await (await refused).json()) as Envelope<unknown>).error_code).not.toBe(0);
        const problem = page.getByTestId('import-problems').locator('tr.ant-table-row');
        await expect
          .poll(() => problem.allTextContents(), POLL)
          .toEqual([
            `3${translate(locale, 'deviceCommands.import.column.deviceCode')}${translate(locale, 'devices.validation.deviceCode.format')}`,
          ]);
        const imported = page.waitForResponse((response) => response.url().includes(importDevices.path));
        await page.locator('input[type=file]').setInputFiles({
          name: 'devices.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: await deviceWorkbook(locale, prefix, 100),
        });
        expect((await (await imported).json()) as Envelope<{ imported: number }>).toMatchObject({
          error_code: 0,
          objectResult: { imported: 100 },
        });
        await expect
          .poll(() => page.getByTestId('import-done').textContent(), POLL)
          .toContain(text(locale, 'devices.import.done').replace('{{count}}', '100'));
        await saveScreenshot(page, `device-import-${locale}`);
        await openRoute(page, env.baseUrl, DEVICES, 'device-table');
        await page.getByTestId('filter-clear').click();
        await page.getByTestId('device-keyword').locator('input').fill(prefix);
        await page.getByTestId('device-keyword').locator('input').press('Enter');
        await expect
          .poll(() => page.getByTestId('device-total').textContent(), POLL)
          .toBe(text(locale, 'list.total').replace('{{total}}', '100'));
      } finally {
        await context.close();
      }
    });
  }
});
