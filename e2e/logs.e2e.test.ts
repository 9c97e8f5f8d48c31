import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  listCommunicationLog,
  logColumnTitleKey,
  OPERATION_LOG_COLUMNS,
  PACKET_LOG_COLUMNS,
  setDevicePointValues,
  zonedDateTime,
  type LoggedPacket,
} from '@dcc/contract';
import { saveScreenshot } from './support/browser.ts';
import { callAsPage, openMenuPage, openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { reportingHeatPump } from './support/fleet.ts';

/**
 * Log management in the browser (issue 22), in both languages: a set command sent to a simulated device
 * is found in the device operation log (the point by name, the outcome in the reader's language; the log
 * exported), the unit's report mode in the mode log, and its
 * packet down in the communication log, parsed in the drawer and opened in the frame inspector; the
 * search is exported to Excel, and the file read back has the screen's column titles and times in the
 * platform's zone (whatever the browser's zone).
 */
const OPERATOR = '13800000000';
/** setHot (hot-water setpoint): a customer parameter of the demo heat pumps. */
const SET_HOT = 3;
const POINT_NAME = { 'zh-CN': '热水设定温度', 'en-US': 'Hot-water setpoint' } as const;
const LOG_GROUP = '/company/logManage';
const LIVE = { timeout: 60_000, interval: 500 };

describe('log management', () => {
  const env = useServerAndBrowser({ env: { SIM_DEVICES: '10', SIM_REPORT_SECONDS: '2' } });

  for (const [index, locale] of (['zh-CN', 'en-US'] as const).entries()) {
    it(`${locale}: a set command is found in the operation log and the communication log, opened parsed, the search exported, and retention shown`, async () => {
      // A browser far from the platform's zone: the file's times must still read as the platform's.
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale, undefined, {
        timezoneId: 'America/New_York',
      });
      const t = (key: string) => text(locale, key);
      try {
        const device = await reportingHeatPump(page);
        const value = 41 + index;
        const sent = await callAsPage<{ results?: Array<{ outcome: string }> }>(page, setDevicePointValues.path, {
          deviceId: device.deviceId,
          values: [{ address: SET_HOT, value }],
        });
        expect(sent.error_code).toBe(0);

        // The operation log (a tab of the communication log): who set which point by name, and the outcome.
        await openMenuPage(page, LOG_GROUP, `${LOG_GROUP}/communicationLog`, 'communication-log-table');
        await page.getByTestId('communication-log-table').waitFor();
        await page.getByRole('tab', { name: t('logs.tabs.operation'), exact: true }).click();
        await page.getByTestId('operation-log-device-code').fill(device.deviceCode);
        await page.getByTestId('operation-log-table-search-submit').click();
        const operation = page
          .getByTestId('operation-log-table')
          .locator('tr.ant-table-row')
          .filter({ hasText: POINT_NAME[locale] })
          .filter({ hasText: String(value) })
          .first();
        await operation.waitFor({ timeout: LIVE.timeout });
        expect(await operation.innerText()).toContain(t('deviceHistory.operation.outcomes.applied'));
        // The operation log exported: the screen's column titles, the set by its point's name.
        await page.getByTestId('operation-log-table-export').click();
        await page.getByTestId('export-download').waitFor({ timeout: LIVE.timeout });
        const operationDownload = page.waitForEvent('download');
        await page.getByTestId('export-download').click();
        const operationBook = new ExcelJS.Workbook();
        await operationBook.xlsx.readFile((await (await operationDownload).path())!);
        const operationSheet = operationBook.worksheets[0]!;
        expect((operationSheet.getRow(1).values as unknown[]).slice(1)).toEqual(
          OPERATION_LOG_COLUMNS.map(({ key }) => t(logColumnTitleKey('operation', key))),
        );
        const operationCells: unknown[] = [];
        operationSheet.eachRow((row) => operationCells.push(...(row.values as unknown[])));
        expect(operationCells.some((cell) => String(cell).includes(POINT_NAME[locale]))).toBe(true);
        await page.getByTestId('export-close').click();

        // The mode log (a tab: the spec names no route for it): the unit reports on its own topic.
        await page.getByRole('tab', { name: t('logs.tabs.mode'), exact: true }).click();
        await page.getByTestId('mode-log-device-code').fill(device.deviceCode);
        await page.getByTestId('mode-log-table-search-submit').click();
        const mode = page.getByTestId('mode-log-table').locator('tr.ant-table-row').first();
        await mode.waitFor({ timeout: LIVE.timeout });
        expect(await mode.innerText()).toContain(t('logs.dtu.modes.topic'));
        expect(await mode.innerText()).toContain(`dev/${device.deviceCode}/up`);
        // The module communication log: its tab searches by IoT code and time range like the others.
        await page.getByRole('tab', { name: t('logs.tabs.moduleLink'), exact: true }).click();
        await page.getByTestId('module-link-log-device-code').fill(device.deviceCode);
        await page.getByTestId('module-link-log-table-search-submit').click();
        await page.getByTestId('module-link-log-table').waitFor();

        // The communication log: the command's packet down, parsed in the drawer.
        await page.getByRole('tab', { name: t('logs.tabs.communication'), exact: true }).click();
        await page.getByTestId('communication-log-device-code').fill(device.deviceCode);
        await page.getByTestId('communication-log-direction').click();
        const down = new RegExp(`^${t('deviceHistory.packets.directions.down')}$`);
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: down }).click();
        await page.getByTestId('communication-log-table-search-submit').click();
        const packets = page.getByTestId('communication-log-table').locator('tr.ant-table-row');
        await packets.first().waitFor({ timeout: LIVE.timeout });
        expect(await packets.first().innerText()).toContain(device.deviceCode);
        await packets.first().getByTestId('packet-parse').click();
        const points = page.getByTestId('packet-points');
        await expect.poll(() => points.textContent(), LIVE).toContain(POINT_NAME[locale]);
        await page.keyboard.press('Escape');
        await points.waitFor({ state: 'hidden' });

        // The search exported: the screen's column titles, and its packets' times in the platform's zone.
        await page.getByTestId('communication-log-table-export').click();
        await page.getByTestId('export-download').waitFor({ timeout: LIVE.timeout });
        const download = page.waitForEvent('download');
        await page.getByTestId('export-download').click();
        const book = new ExcelJS.Workbook();
        await book.xlsx.readFile((await (await download).path())!);
        const sheet = book.worksheets[0]!;
        const header = (sheet.getRow(1).values as unknown[]).slice(1);
        expect(header).toEqual(PACKET_LOG_COLUMNS.map(({ key }) => t(logColumnTitleKey('packet', key))));
        const shownTitles = await page.getByTestId('communication-log-table').locator('thead th').allInnerTexts();
        for (const key of ['time', 'deviceCode', 'direction', 'head', 'crc'])
          expect(shownTitles).toContain(t(logColumnTitleKey('packet', key)));
        const firstRow = (sheet.getRow(2).values as unknown[]).slice(1);
        expect(firstRow[1]).toBe(device.deviceCode);
        expect(firstRow[2]).toBe(t('logs.export.direction.down'));
        await page.getByTestId('export-close').click();
        const newest = await callAsPage<{ list: LoggedPacket[] }>(page, listCommunicationLog.path, {
          deviceCode: device.deviceCode,
          direction: 'down',
          startTime: new Date(Date.now() - 86_400_000).toISOString(),
          endTime: new Date(Date.now() + 60_000).toISOString(),
          pageSize: 50,
        });
        const times = newest.objectResult!.list.map((packet) => zonedDateTime(packet.time, DEFAULT_TIME_ZONE));
        expect(times).toContain(firstRow[0]);

        // The packet opened in the frame inspector, parsed with the device's table.
        await packets.first().getByTestId('packet-inspect').click();
        await page.getByTestId('frame-inspector').waitFor();
        await expect.poll(() => page.getByTestId('frame-device-code').innerText(), LIVE).toBe(device.deviceCode);
        expect(await page.getByTestId('frame-crc-status').getAttribute('data-crc')).toBe('ok');

        // Retention (platform operators): each kind's days and the job's runs, recorded since the server started.
        await openMenuPage(page, LOG_GROUP, `${LOG_GROUP}/apiUsedLog`, 'api-log-table');
        await page.getByTestId('log-retention').click();
        await expect.poll(() => page.getByTestId('retention-days-apiCall').inputValue(), LIVE).toMatch(/^\d+$/);
        await expect
          .poll(() => page.getByTestId('retention-runs').locator('tbody tr.ant-table-row').count(), LIVE)
          .toBeGreaterThan(0);
        expect(await page.getByTestId('retention-runs').innerText()).toContain(t('logs.retention.ok'));
      } catch (error) {
        await saveScreenshot(page, `logs-${locale}`);
        throw error;
      }
      await context.close();
    }, 300_000);
  }
});
