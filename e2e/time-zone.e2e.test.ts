import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { LOCALES, zonedDateTime, zonedDay, zonedInstant, type Device, type Locale } from '@dcc/contract';
import type { Download, Locator, Page } from 'playwright-core';
import { saveScreenshot } from './support/browser.ts';
import { openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { reportingHeatPump } from './support/fleet.ts';
import { openRoute, tableRows } from './organization-support.ts';
import { POLL } from './support/waits.ts';

const OPERATOR = '13800000000';
const DEVICES = '/company/deviceManage/devicesManage';
const DETAIL = '/company/deviceManage/devicesManage/deviceDetail';
const PLATFORM_ZONE = 'Asia/Shanghai';
// 13 hours from the platform's zone in November: a time shown in the browser's zone cannot pass for the platform's.
const BROWSER_ZONE = 'America/New_York';
const WALL_CLOCK = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/;

/** A time as the console shows it in `locale` -> 'YYYY-MM-DD HH:mm:ss'. */
function wallClock(locale: Locale, shown: string): string {
  if (locale === 'zh-CN') return shown.trim();
  const [, month, day, year, time] = /(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2}:\d{2})/.exec(shown)!;
  return `${year}-${month}-${day} ${time}`;
}

const minutesApart = (a: string, b: string) =>
  Math.abs(Date.parse(`${a.replace(' ', 'T')}Z`) - Date.parse(`${b.replace(' ', 'T')}Z`)) / 60_000;

/**
 * Whether a shown last-online time is the device's, read earlier, in the platform's zone. The server moves a
 * connected device's last-online time forward as it keeps reporting, so the shown one may be a little later than the
 * test's read; a time in another zone is hours away.
 */
function isLastOnlineInPlatformZone(shown: string, device: Device): boolean {
  const read = zonedDateTime(device.lastOnlineTime!, PLATFORM_ZONE);
  return shown >= read && minutesApart(shown, read) <= 5;
}

async function firstSheet(download: Download): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  return book.worksheets[0]!;
}

/** The cell texts of a sheet's row. */
const rowTexts = (sheet: ExcelJS.Worksheet, row: number): string[] =>
  (sheet.getRow(row).values as unknown[]).slice(1).map((value) => String(value ?? ''));

/** The cell under `title` in the table row holding `code`. */
async function tableCell(page: Page, tableId: string, code: string, title: string): Promise<Locator> {
  const titles = await page.getByTestId(tableId).locator('thead th').allTextContents();
  return tableRows(page, tableId).filter({ hasText: code }).locator('td').nth(titles.indexOf(title));
}

/** The value beside `label` in a bordered Descriptions. */
const described = (scope: Locator, label: string) =>
  scope.locator('th', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]');

async function openTab(page: Page, locale: Locale, deviceId: string, labelKey: string): Promise<void> {
  await page.goto(`${page.url().split('#')[0]}#${DETAIL}/${deviceId}`);
  await page.getByRole('tab', { name: text(locale, labelKey) }).click();
}

/** The device list (searched for the device) and its export show its times in the platform's zone. */
async function checkListAndExport(page: Page, locale: Locale, device: Device, baseUrl: string): Promise<void> {
  const lastOnline = zonedDateTime(device.lastOnlineTime!, PLATFORM_ZONE);
  const created = zonedDateTime(device.createTime, PLATFORM_ZONE);
  await openRoute(page, baseUrl, DEVICES, 'device-table');
  const keyword = page
    .getByTestId('device-keyword')
    .locator('input')
    .or(page.locator('input[data-testid="device-keyword"]'));
  await keyword.fill(device.deviceCode);
  await keyword.press('Enter');
  await expect.poll(() => tableRows(page, 'device-table').count(), POLL).toBe(1);
  const shownLastOnline = await (
    await tableCell(page, 'device-table', device.deviceCode, text(locale, 'devices.column.lastOnlineTime'))
  ).textContent();
  expect(
    isLastOnlineInPlatformZone(wallClock(locale, shownLastOnline!), device),
    `${shownLastOnline} for ${lastOnline}`,
  ).toBe(true);
  const shownCreated = await (
    await tableCell(page, 'device-table', device.deviceCode, text(locale, 'devices.column.createTime'))
  ).textContent();
  expect(wallClock(locale, shownCreated!)).toBe(created);

  const before = zonedDateTime(Date.now(), PLATFORM_ZONE).replace(/[-: ]/g, '');
  await page.getByTestId('device-export').click();
  await page.getByTestId('export-download').waitFor({ timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-download').click();
  const download = await downloading;
  const after = zonedDateTime(Date.now(), PLATFORM_ZONE).replace(/[-: ]/g, '');
  // The file is named by the platform's time it was asked at.
  const stamp = /_(\d{14})\.xlsx$/.exec(download.suggestedFilename())![1]!;
  expect(stamp >= before && stamp <= after).toBe(true);
  const sheet = await firstSheet(download);
  const header = rowTexts(sheet, 1);
  expect(header).toEqual(
    expect.arrayContaining([text(locale, 'devices.column.lastOnlineTime'), text(locale, 'devices.column.createTime')]),
  );
  const row = rowTexts(sheet, 2);
  expect(row[0]).toBe(device.deviceCode);
  const exportedLastOnline = row[header.indexOf(text(locale, 'devices.column.lastOnlineTime'))]!;
  expect(isLastOnlineInPlatformZone(exportedLastOnline, device), `${exportedLastOnline} for ${lastOnline}`).toBe(true);
  expect(row[header.indexOf(text(locale, 'devices.column.createTime'))]).toBe(created);
  await page.getByTestId('export-close').click();
}

/** The detail's basic info and IoT card show the same times as the list. */
async function checkDetail(page: Page, locale: Locale, device: Device): Promise<void> {
  await openTab(page, locale, device.deviceId, 'deviceDetail.tab.basicInfo');
  const info = page.getByTestId('device-basic-info');
  await expect
    .poll(
      async () =>
        wallClock(locale, (await described(info, text(locale, 'deviceDetail.field.createTime')).textContent()) ?? ''),
      POLL,
    )
    .toBe(zonedDateTime(device.createTime, PLATFORM_ZONE));
  await openTab(page, locale, device.deviceId, 'deviceHistory.tabs.iotCard');
  const lastOnline = described(
    page.locator('.ant-descriptions').first(),
    text(locale, 'deviceHistory.iotCard.lastOnline'),
  );
  await expect
    .poll(
      async () => isLastOnlineInPlatformZone(wallClock(locale, (await lastOnline.textContent()) ?? ''), device),
      POLL,
    )
    .toBe(true);
}

/** The curve's picker, its axis (the tooltip's heading) and its export are in the platform's zone. */
async function checkCurve(page: Page, locale: Locale, device: Device): Promise<void> {
  await openTab(page, locale, device.deviceId, 'deviceHistory.tabs.curve');
  const card = page.getByTestId('curve-card');
  await card.waitFor();
  // The range starts as the last 24 hours of the platform's clock, and the picker names its zone.
  const inputs = card.locator('.ant-picker-range input');
  expect(minutesApart(await inputs.nth(1).inputValue(), zonedDateTime(Date.now(), PLATFORM_ZONE))).toBeLessThan(5);
  await inputs.first().click();
  await expect.poll(() => page.getByTestId('picker-zone-note').textContent(), POLL).toContain('UTC+08:00');
  await page.keyboard.press('Escape');

  await page.getByTestId('curve-points').click();
  await page.getByTestId('curve-points').locator('input').fill('tAmb');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '(tAmb)' }).click();
  await page.keyboard.press('Escape');
  const drawn = page.waitForResponse((response) => response.url().includes('/device/pointHistory'));
  await page.getByTestId('curve-draw').click();
  const request = (await drawn).request().postDataJSON() as { startTime: string; endTime: string };
  const answer = (await (await drawn).json()) as { objectResult: { times: number[] } };
  const { times } = answer.objectResult;
  expect(times.length).toBeGreaterThan(0);
  await expect.poll(() => page.getByTestId('curve-chart').getAttribute('data-drawn'), POLL).toBe('true');

  // The time pointed at on the axis is the platform's wall clock of a drawn instant.
  const chart = page.getByTestId('curve-chart');
  await chart.hover();
  await expect.poll(async () => WALL_CLOCK.test((await chart.textContent()) ?? ''), POLL).toBe(true);
  const pointed = zonedInstant(WALL_CLOCK.exec((await chart.textContent())!)![0].replace(' ', 'T'), PLATFORM_ZONE);
  expect(pointed.getTime()).toBeGreaterThanOrEqual(times[0]! - 1000);
  expect(pointed.getTime()).toBeLessThanOrEqual(times.at(-1)! + 1000);
  await saveScreenshot(page, `time-zone-curve-${locale}`);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('curve-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `${device.deviceCode}_${zonedDay(request.startTime, PLATFORM_ZONE)}_${zonedDay(request.endTime, PLATFORM_ZONE)}.xlsx`,
  );
  const sheet = await firstSheet(download);
  expect(rowTexts(sheet, 2)[0]).toBe(zonedDateTime(times[0]!, PLATFORM_ZONE));
}

/** A bit-field (40: running) and a fault point (30: fault word) read as the packet parser reads them, not as numbers. */
async function checkDecodedPoints(page: Page, locale: Locale, device: Device): Promise<void> {
  const bitsOn = text(locale, 'catalog.frame.bitsOn').split('{{bits}}')[0]!;
  const decodedBits = (shown: string) => shown.startsWith(bitsOn) || shown === text(locale, 'catalog.frame.allOff');
  const noFault = text(locale, 'catalog.frame.noFault');
  const decodedFaults = (shown: string) => shown === noFault || /^[A-Z]\d+/.test(shown);
  await openTab(page, locale, device.deviceId, 'deviceDetail.tab.home');
  await expect.poll(async () => decodedBits((await page.getByTestId('key-40').textContent()) ?? ''), POLL).toBe(true);
  await expect.poll(async () => decodedFaults((await page.getByTestId('key-30').textContent()) ?? ''), POLL).toBe(true);
  await openTab(page, locale, device.deviceId, 'deviceDetail.tab.params');
  await expect.poll(async () => decodedBits((await page.getByTestId('value-40').textContent()) ?? ''), POLL).toBe(true);
  await expect
    .poll(async () => decodedFaults((await page.getByTestId('value-30').textContent()) ?? ''), POLL)
    .toBe(true);
  await saveScreenshot(page, `decoded-points-${locale}`);
}

describe("one time zone: the platform's, whatever the browser's", () => {
  const env = useServerAndBrowser({ env: { SIM_DEVICES: '3', SIM_REPORT_SECONDS: '1', SIM_CONNECT_RATE: '10' } });

  for (const locale of LOCALES) {
    it(`${locale}: a browser in New York sees the list, the detail, the curve's picker and axis, and both exports in China time; bit-field and fault points decoded`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale, undefined, {
        timezoneId: BROWSER_ZONE,
      });
      try {
        expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
        const device = await reportingHeatPump(page);
        await checkListAndExport(page, locale, device, env.baseUrl);
        await checkDetail(page, locale, device);
        await checkCurve(page, locale, device);
        await checkDecodedPoints(page, locale, device);
      } finally {
        await context.close();
      }
    });
  }
});
