import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { countDevices, getDeviceValues, listDevices, lockDevice, unlockDevice, type Locale } from '@dcc/contract';
import { saveScreenshot } from './support/browser.ts';
import { callAsPage, openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { connectedHeatPump } from './support/faultyHeatPump.ts';

/**
 * Controls that tell the truth (issue 20), in both languages: the set controls of a locked or offline
 * device are disabled with the spec's reason beside them; a range end read from a point the device has not
 * reported names that point; and a language switch never leaves the page worded in the language just left,
 * even when an answer asked in that language comes after the switch.
 */
/** Simulated (online, reporting): the first units of the fleet. */
const ONLINE = 'HP2406A0002';
/** Past the simulated units: registered, never connected, never reported. */
const SILENT = 'HP2406A0150';
/** setHot (hot-water setpoint): a customer parameter, range 30..$21$ (maxSet, a vendor parameter). */
const SET_HOT = 3;
const MAX_SET = 21;
/** The mode point (an enum): its label is worded by the server in the reader's language. */
const MODE = 2;
const LIVE = { timeout: 60_000, interval: 500 };
const OPERATOR = '13800000000';

describe('device controls', () => {
  const env = useServerAndBrowser({ mqtt: true, env: { SIM_DEVICES: '10', SIM_REPORT_SECONDS: '2' } });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: an offline device's set controls are disabled with the reason, and a range end not reported yet says so`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      const t = (key: string) => text(locale, key);
      try {
        await openParams(page, SILENT);
        const table = page.getByTestId('params-table-customer');
        const row = table.getByTestId(`point-${SET_HOT}`);
        await row.waitFor();
        expect(await page.getByTestId('params-table-customer-set-blocked').innerText()).toBe(
          t('deviceCommands.error.offline'),
        );
        expect(await row.getByTestId(`set-${SET_HOT}-submit`).isDisabled()).toBe(true);
        // 30..$21$ with point 21 never reported: '30 to <its name>, not reported yet', not '30..'.
        const maxSet = await pointName(page, SILENT, MAX_SET, locale);
        expect(await row.getByTestId(`range-${SET_HOT}`).innerText()).toBe(
          t('deviceDetail.point.rangeBetween')
            .replace('{{min}}', '30')
            .replace('{{max}}', t('deviceDetail.point.awaitedBound').replace('{{name}}', maxSet)),
        );
      } catch (error) {
        await saveScreenshot(page, `device-controls-offline-${locale}`);
        throw error;
      }
      await context.close();
    }, 240_000);

    it(`${locale}: a locked device's set controls are disabled with the reason, and enabled once it is unlocked`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      const t = (key: string) => text(locale, key);
      const deviceId = await idOf(page, ONLINE);
      try {
        await openParams(page, ONLINE);
        const row = page.getByTestId('params-table-customer').getByTestId(`point-${SET_HOT}`);
        const submit = row.getByTestId(`set-${SET_HOT}-submit`);
        await expect.poll(() => submit.isEnabled(), LIVE).toBe(true);
        expect((await callAsPage(page, lockDevice.path, { deviceId })).error_code).toBe(0);
        await page.reload();
        await page.getByTestId('params-customer').click();
        const blocked = page.getByTestId('params-table-customer-set-blocked');
        await expect.poll(() => blocked.innerText(), LIVE).toBe(t('deviceCommands.error.locked'));
        expect(await submit.isDisabled()).toBe(true);
        expect((await callAsPage(page, unlockDevice.path, { deviceId })).error_code).toBe(0);
        await page.reload();
        await page.getByTestId('params-customer').click();
        await expect.poll(() => submit.isEnabled(), LIVE).toBe(true);
        expect(await blocked.count()).toBe(0);
      } catch (error) {
        await saveScreenshot(page, `device-controls-locked-${locale}`);
        throw error;
      } finally {
        await callAsPage(page, unlockDevice.path, { deviceId });
      }
      await context.close();
    }, 240_000);
  }

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: the device list shows its loading state, never "No data", until its first answer, then the exact total of the fleet`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      const t = (key: string) => text(locale, key);
      try {
        const counted = await callAsPage<{ totalSize: number }>(page, countDevices.path, {});
        let release: () => void = () => undefined;
        const released = new Promise<void>((resolve) => (release = resolve));
        await page.route(
          (url) => url.pathname === listDevices.path,
          async (route: Route) => {
            await released;
            await route.continue();
          },
        );
        await page.goto(`${env.baseUrl}/#/company/deviceManage/devicesManage`);
        const table = page.getByTestId('device-table');
        await table.getByTestId('list-loading').waitFor();
        expect(await table.getByTestId('list-loading').innerText()).toContain(t('list.loading'));
        expect(await table.locator('.ant-empty').count()).toBe(0);
        release();
        await table.locator('tr.ant-table-row').first().waitFor();
        expect(await table.getByTestId('list-loading').count()).toBe(0);
        // Some hundreds of devices: counted exactly, never "more than 110".
        expect(await page.getByTestId('device-total').innerText()).toBe(
          t('list.total').replace('{{total}}', String(counted.objectResult!.totalSize)),
        );
      } catch (error) {
        await saveScreenshot(page, `device-list-first-answer-${locale}`);
        throw error;
      }
      await context.close();
    }, 240_000);
  }

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: at 1920 px with the menu open, every column of the device list and the fault list shows within the card`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      // A fault open, with a long IoT code: the fault list's row cells (tags and links in the reader's language) are measured too.
      const device = await connectedHeatPump(
        page,
        env.server.mqttPort!,
        `E2EWIDE${locale === 'zh-CN' ? 'ZH' : 'EN'}${Date.now().toString(36).toUpperCase()}`,
      );
      await device.reportFault();
      try {
        for (const [route, tableId] of [
          ['/company/deviceManage/devicesManage', 'device-table'],
          ['/company/deviceManage/faultDeviceManage', 'current-fault-table'],
        ] as const) {
          await page.goto(`${env.baseUrl}/#${route}`);
          const table = page.getByTestId(tableId);
          // Measured with rows: their cells (tags and links in the reader's language) are what can widen a column.
          await table.locator('tbody tr.ant-table-row').first().waitFor();
          expect(await page.getByTestId('sider').boundingBox()).toMatchObject({ width: 227 });
          // No column beyond the visible part of the table: the table scrolls by no pixel.
          const overflow = await table
            .locator('.ant-table-content, .ant-table-body')
            .first()
            .evaluate((element) => element.scrollWidth - element.clientWidth);
          expect(overflow, `${tableId} is ${overflow} px wider than shown`).toBeLessThanOrEqual(1);
        }
      } catch (error) {
        await saveScreenshot(page, `device-columns-fit-${locale}`);
        throw error;
      } finally {
        await device.close();
      }
      await context.close();
    }, 240_000);
  }

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: a device outside the member's subtree, opened by its address, does not exist or is not visible, said on the page`, async () => {
      // Zhang Min (Beijing Installers, level 2); the device belongs to Pudong Installers (Shanghai).
      const operator = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      const found = await callAsPage<{ list: Array<{ deviceId: string; ownerDealerName: string }> }>(
        operator.page,
        listDevices.path,
        { keyword: 'HP2406A', pageIndex: 1, pageSize: 200 },
      );
      const foreign = found.objectResult!.list.find((d) => d.ownerDealerName === 'Pudong Installers')!;
      await operator.context.close();
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, '13900000002', locale);
      try {
        await page.goto(`${env.baseUrl}/#/company/deviceManage/devicesManage/deviceDetail/${foreign.deviceId}`);
        await page.getByTestId('record-not-found').waitFor();
        expect(await page.getByTestId('record-not-found').innerText()).toContain(text(locale, 'error.notFound'));
        expect(await page.getByTestId('load-failed').count()).toBe(0);
      } catch (error) {
        await saveScreenshot(page, `device-not-visible-${locale}`);
        throw error;
      }
      await context.close();
    }, 240_000);
  }

  it('en-US -> zh-CN: an answer asked in English that comes after the switch to Chinese is not shown; the page reads Chinese', async () => {
    const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, 'en-US');
    try {
      // The first read of the values, asked in English, is held until the reader has switched to Chinese.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held: () => void = () => undefined;
      const heldOne = new Promise<void>((resolve) => (held = resolve));
      await page.route(
        (url) => url.pathname === getDeviceValues.path && url.searchParams.get('language') === 'en_US',
        async (route: Route) => {
          held();
          await released;
          await route.continue();
        },
      );
      await openParams(page, ONLINE, false);
      await heldOne;
      await page.getByTestId('language-switch').getByText('中文').click();
      await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
      release();
      await page.getByTestId('params-customer').click();
      const mode = page.getByTestId('params-table-customer').getByTestId(`value-${MODE}`);
      await expect.poll(() => mode.innerText(), { timeout: 20_000, interval: 250 }).toMatch(/^(制热|制冷|热水|自动)$/);
    } catch (error) {
      await saveScreenshot(page, 'device-controls-language-race');
      throw error;
    }
    await context.close();
  }, 240_000);

  async function idOf(page: Page, code: string): Promise<string> {
    const found = await callAsPage<{ list: Array<{ deviceId: string; deviceCode: string }> }>(page, listDevices.path, {
      keyword: code,
      pageIndex: 1,
      pageSize: 10,
    });
    return found.objectResult!.list.find((d) => d.deviceCode === code)!.deviceId;
  }

  /** Opens the params tab of a demo heat pump (on its customer group unless told not to wait for it). */
  async function openParams(page: Page, code: string, customer = true): Promise<void> {
    const deviceId = await idOf(page, code);
    await page.goto(`${env.baseUrl}/#/company/deviceManage/devicesManage/deviceDetail/${deviceId}?tab=params`);
    if (!customer) return;
    await page.getByTestId('params-customer').click();
  }

  /** A point's name as the console shows it in `locale` (its English name in English when it has one). */
  async function pointName(page: Page, code: string, address: number, locale: Locale): Promise<string> {
    const values = await callAsPage<{ dataList: Array<{ address: number; name: string; enName: string }> }>(
      page,
      getDeviceValues.path,
      { deviceId: await idOf(page, code) },
    );
    const point = values.objectResult!.dataList.find((p) => p.address === address);
    if (point) return locale === 'en-US' && point.enName ? point.enName : point.name;
    // A reader who may not see the point would not be told its name; the operator may.
    throw new Error(`point ${address} not listed`);
  }
});
