import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ErrorCode, listDevices, setDevicePointValues, type Locale } from '@dcc/contract';
import { saveScreenshot } from './support/browser.ts';
import { callAsPage, clickWhenIdle, openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { waitForToast } from './support/toasts.ts';

/**
 * The device detail on the live demo fleet (issue 11), in both languages: a simulated heat pump's
 * values change on screen without reload, a set within the range is applied by the device (and its
 * next report shows it), and a set outside the range is refused before anything is sent, and by the
 * server when sent anyway; the device is allocated to an end customer.
 */
const DEVICE = 'HP2406A0001';
/** Every eighth demo unit is an Alink (thing-model) water heater. */
const WATER_HEATER = 'WH2406X0001';
/** Every tenth demo unit waits for activation: the tenth of the fleet is this heat pump. */
const UNACTIVATED = 'HP2406A0009';
/** setHot (hot-water setpoint): a customer parameter, range 30..$21$ (maxSet, 60 on the demo units). */
const SET_HOT = 3;
const POINT_NAME: Record<Locale, string> = { 'zh-CN': '热水设定温度', 'en-US': 'Hot-water setpoint' };
const LIVE = { timeout: 60_000, interval: 500 };
/** A demo end customer per run, so that the second run changes the allocation the first one made. */
const CUSTOMER: Record<Locale, string> = { 'zh-CN': '周先生', 'en-US': 'Grace Xu' };
const DEVICE_LIST = '/company/deviceManage/devicesManage';
const PROTOCOL_LIST = '/company/productManage/protocalManage';
/** Two reported points (tank and ambient temperature) the curve is drawn with, by code and by name. */
const CURVE_CODES = ['tTank', 'tAmb'];
const CURVE_NAMES: Record<Locale, string[]> = {
  'zh-CN': ['水箱温度', '环境温度'],
  'en-US': ['Tank temp', 'Ambient temp'],
};

describe('device detail on the simulated fleet', () => {
  // A few simulated devices reporting every 2 s: enough for values to move while the test watches.
  const env = useServerAndBrowser({ env: { SIM_DEVICES: '10', SIM_REPORT_SECONDS: '2' } });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: watches values change live, sets a value the device applies, sees a set outside the range refused, allocates it to a customer`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, '13800000000', locale);
      try {
        await journey(page, locale);
      } catch (error) {
        await saveScreenshot(page, `device-detail-failure-${locale}`);
        throw error;
      }
      await context.close();
    }, 240_000);
  }

  it('zh-CN: activates a waiting unit only when the audit is skipped by choice (1.5-year warranty), locks and unlocks it, follows it', async () => {
    const { context, page } = await openSignedIn(env.browser, env.baseUrl, '13800000000', 'zh-CN');
    const t = (key: string) => text('zh-CN', key);
    try {
      await openDetail(page, UNACTIVATED);
      const header = page.getByTestId('device-header');
      await header
        .getByTestId('device-live')
        .and(page.locator('[data-state="live"]'))
        .waitFor({ timeout: LIVE.timeout });
      await expect
        .poll(() => page.getByTestId('device-connected').innerText(), LIVE)
        .toBe(t('deviceDetail.connected.yes'));
      expect(await header.getByTestId('device-status').innerText()).toBe(t('deviceDetail.status.UNACTIVE'));

      // 'Skip the project audit' is not checked for the user: without it activation is refused until the project audit exists.
      await page.getByTestId('device-activate').click();
      const skipAudit = page.locator(
        '[data-testid="device-activate-skip-audit"] input, input[data-testid="device-activate-skip-audit"]',
      );
      expect(await skipAudit.isChecked()).toBe(false);
      await page.getByTestId('device-activate-confirm').click();
      await waitForToast(page, t('deviceCommands.error.activationNeedsAudit'));
      expect(await header.getByTestId('device-status').innerText()).toBe(t('deviceDetail.status.UNACTIVE'));
      await skipAudit.check();
      await page.getByText(t('deviceDetail.action.skipAuditWarranty')).waitFor();
      await clickWhenIdle(page.getByTestId('device-activate-confirm'));
      await expect
        .poll(() => header.getByTestId('device-status').innerText(), LIVE)
        .toBe(t('deviceDetail.status.ONLINE'));
      await page.getByTestId('device-tab-basicInfo').click();
      await expect.poll(() => page.getByTestId('device-warranty').innerText(), LIVE).toMatch(/^1\.5 /);

      await page.getByTestId('device-lock').click();
      await page.getByTestId('device-lock-confirm').click();
      await header.getByTestId('device-locked').waitFor({ timeout: LIVE.timeout });
      await page.getByTestId('device-unlock').click();
      await page.getByTestId('device-unlock-confirm').click();
      await header.getByTestId('device-locked').waitFor({ state: 'detached', timeout: LIVE.timeout });

      await page.getByTestId('device-follow').click();
      await page.getByTestId('device-follow-confirm').click();
      await header.getByTestId('device-followed').waitFor({ timeout: LIVE.timeout });
    } catch (error) {
      await saveScreenshot(page, 'device-detail-actions-failure');
      throw error;
    }
    await context.close();
  }, 240_000);

  it('en-US: shows the live properties, events and services of a thing-model device', async () => {
    const { context, page } = await openSignedIn(env.browser, env.baseUrl, '13800000000', 'en-US');
    try {
      await openDetail(page, WATER_HEATER, 'thingModelDeviceDetail');
      await page
        .getByTestId('device-header')
        .getByTestId('device-live')
        .and(page.locator('[data-state="live"]'))
        .waitFor({ timeout: LIVE.timeout });
      await page.getByTestId('device-tab-properties').click();
      const properties = page.getByTestId('tm-properties');
      await properties.locator('tr.ant-table-row').first().waitFor();
      // The simulated heater posts its properties: at least one value arrives on screen.
      await expect
        .poll(() => properties.locator('[data-testid^="value-"]').allInnerTexts(), LIVE)
        .toContainEqual(expect.stringMatching(/\d/));
      await page.getByTestId('device-tab-events').click();
      await page.getByTestId('tm-events').locator('tr.ant-table-row').first().waitFor();
      await page.getByTestId('device-tab-services').click();
      await page.getByTestId('tm-services').waitFor();
    } catch (error) {
      await saveScreenshot(page, 'device-detail-thing-model-failure');
      throw error;
    }
    await context.close();
  }, 240_000);

  it('en-US: a member without the vendor parameter button sees the factory-set end of a range as such, never its number', async () => {
    // Zhang Min (Beijing Installers, role 'Device viewer': the device list without B9405).
    const { context, page } = await openSignedIn(env.browser, env.baseUrl, '13900000002', 'en-US');
    const t = (key: string) => text('en-US', key);
    try {
      // The range's definition is enough: a heat pump of the company's subtree, whether it reported or not.
      const found = await callAsPage<{ list: Array<{ deviceCode: string }> }>(page, listDevices.path, {
        keyword: 'HP2406A',
        pageIndex: 1,
        pageSize: 20,
      });
      await openDetail(page, found.objectResult!.list[0]!.deviceCode);
      await page.getByTestId('device-tab-params').click();
      await page.getByTestId('params-customer').click();
      const row = page.getByTestId('params-table-customer').getByTestId(`point-${SET_HOT}`);
      await expect.poll(() => row.innerText(), LIVE).toContain(`30..${t('deviceDetail.point.factoryBound')}`);
      expect(await page.getByTestId('params-advanced').count()).toBe(0);
    } catch (error) {
      await saveScreenshot(page, 'device-detail-vendor-bound-failure');
      throw error;
    }
    await context.close();
  }, 240_000);

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: the add-device breadcrumb names its page, the curve keeps its points across tabs, back from the frame inspector selects the device list's menu entry`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, '13800000000', locale);
      const t = (key: string) => text(locale, key);
      const lastCrumb = () => page.getByTestId('breadcrumb').locator('li').last().innerText();
      try {
        await page.goto(`${env.baseUrl}/#${DEVICE_LIST}/addDevice`);
        await page.getByTestId('add-device-form').waitFor();
        await expect.poll(lastCrumb, LIVE).toBe(t('breadcrumb.addDevice'));
        await expect.poll(() => selectedMenuEntry(page), LIVE).toBe(DEVICE_LIST);

        // The curve: two points drawn, another tab, back: the same points are chosen and drawn again.
        await openDetail(page, DEVICE);
        await page.getByTestId('device-tab-curve').click();
        const points = page.getByTestId('curve-points');
        const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
        await points.click();
        for (const code of CURVE_CODES) {
          await points.locator('input').fill(code);
          await options.filter({ hasText: `(${code})` }).click();
        }
        await page.keyboard.press('Escape');
        await page.getByTestId('curve-draw').click();
        await expect.poll(() => page.getByTestId('curve-chart').getAttribute('data-drawn'), LIVE).toBe('true');
        await page.getByTestId('device-tab-home').click();
        await page.getByTestId('device-key-values').waitFor();
        await page.getByTestId('device-tab-curve').click();
        for (const name of CURVE_NAMES[locale]) await expect.poll(() => points.innerText(), LIVE).toContain(name);
        await expect.poll(() => page.getByTestId('curve-chart').getAttribute('data-drawn'), LIVE).toBe('true');

        // A frame of the communication log opened in the inspector (under the protocols' entry), then back.
        await page.getByTestId('device-tab-communicationLog').click();
        await page.getByTestId('packet-inspect').first().click();
        await page.getByTestId('frame-inspector').waitFor();
        await expect.poll(() => selectedMenuEntry(page), LIVE).toBe(PROTOCOL_LIST);
        await expect.poll(lastCrumb, LIVE).toBe(t('breadcrumb.frameInspector'));
        await page.getByTestId('frame-back').click();
        await page.getByTestId('packet-table').waitFor();
        await expect.poll(() => selectedMenuEntry(page), LIVE).toBe(DEVICE_LIST);
        await expect.poll(lastCrumb, LIVE).toBe(t('breadcrumb.deviceDetail'));
      } catch (error) {
        await saveScreenshot(page, `device-detail-navigation-failure-${locale}`);
        throw error;
      }
      await context.close();
    }, 240_000);
  }

  /** The path of the side menu's selected entry. */
  async function selectedMenuEntry(page: Page): Promise<string | null> {
    const selected = page.getByTestId('side-menu').locator('.ant-menu-item-selected [data-testid^="menu-"]');
    if ((await selected.count()) !== 1) return null;
    return ((await selected.getAttribute('data-testid')) ?? '').replace(/^menu-/, '');
  }

  /** Opens the detail page of a demo device by its IoT code; answers its id. */
  async function openDetail(page: Page, code: string, detail = 'deviceDetail'): Promise<string> {
    const found = await callAsPage<{ list: Array<{ deviceId: string; deviceCode: string }> }>(page, listDevices.path, {
      keyword: code,
      pageIndex: 1,
      pageSize: 10,
    });
    const deviceId = found.objectResult!.list.find((d) => d.deviceCode === code)!.deviceId;
    await page.goto(`${env.baseUrl}/#/company/deviceManage/devicesManage/${detail}/${deviceId}`);
    return deviceId;
  }

  async function journey(page: Page, locale: Locale): Promise<void> {
    const t = (key: string) => text(locale, key);
    const deviceId = await openDetail(page, DEVICE);

    // Home: the live stream is open and the simulated unit is online.
    await page.getByTestId('device-live').and(page.locator('[data-state="live"]')).waitFor({ timeout: LIVE.timeout });
    await expect
      .poll(() => page.getByTestId('device-header').getByTestId('device-status').textContent(), LIVE)
      .toBe(t('deviceDetail.status.ONLINE'));
    await expect(page.getByTestId('device-title').textContent()).resolves.toContain(DEVICE);

    // A value changes on screen without reload: the key values follow the unit's reports.
    const keyValues = page.getByTestId('device-key-values');
    await keyValues.locator('.ant-statistic').first().waitFor();
    const before = await keyValues.innerText();
    await expect.poll(() => keyValues.innerText(), LIVE).not.toBe(before);

    // Params > customer: setHot within its range is applied by the device, and its next report shows it.
    await page.getByTestId('device-tab-params').click();
    await page.getByTestId('params-customer').click();
    const row = page.getByTestId('params-table-customer').getByTestId(`point-${SET_HOT}`);
    await row.waitFor();
    const current = await row.getByTestId(`value-${SET_HOT}`).innerText();
    const target = current.startsWith('47') ? 52 : 47;
    // antd puts the test id on the input itself or on its wrapper, depending on the version.
    const input = row.locator(`input[data-testid="set-${SET_HOT}-input"], [data-testid="set-${SET_HOT}-input"] input`);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(setDevicePointValues.path)) sent.push(request.postData() ?? '');
    });
    await input.fill(String(target));
    await row.getByTestId(`set-${SET_HOT}-submit`).click();
    await expect
      .poll(() => row.getByTestId(`set-${SET_HOT}-note`).innerText(), LIVE)
      .toBe(t('deviceDetail.answer.applied'));
    expect(sent).toHaveLength(1);
    await expect.poll(() => row.getByTestId(`value-${SET_HOT}`).innerText(), LIVE).toBe(`${target} °C`);

    // Outside the range: refused on the page, nothing sent.
    await input.fill('99');
    await row.getByTestId(`set-${SET_HOT}-submit`).click();
    const refusal = t('deviceDetail.refusal.outOfRange').split('{{')[0]!;
    await expect.poll(() => row.getByTestId(`set-${SET_HOT}-note`).innerText(), LIVE).toContain(refusal);
    expect(sent).toHaveLength(1);

    // The server refuses the same set when it is sent anyway, and the device keeps its value.
    const refused = await callAsPage(page, setDevicePointValues.path, {
      deviceId,
      values: [{ address: SET_HOT, value: 99 }],
    });
    expect(refused.error_code).toBe(ErrorCode.VALUE_OUT_OF_RANGE);
    expect(await row.getByTestId(`value-${SET_HOT}`).innerText()).toBe(`${target} °C`);

    // Allocation: the device is given to an end customer of the subtree.
    await page.getByTestId('device-tab-allocation').click();
    const select = page.getByTestId('device-customer-target');
    await select.click();
    await page.keyboard.type(CUSTOMER[locale].slice(0, 1));
    await page.locator('.ant-select-item-option', { hasText: CUSTOMER[locale] }).click();
    await page.getByTestId('device-customer-allocate').click();
    await expect.poll(() => page.getByTestId('device-customer').innerText(), LIVE).toContain(CUSTOMER[locale]);

    // The operation log names what was done in the reader's language: the allocation, the point set (never '3=47').
    await page.getByTestId('device-tab-operationLog').click();
    const operations = page.getByTestId('operation-table');
    await expect.poll(() => operations.innerText(), LIVE).toContain(`${POINT_NAME[locale]}: ${target} °C`);
    const shown = await operations.innerText();
    expect(shown).toContain(t('deviceHistory.operation.actions.allocateCustomer'));
    expect(shown).toContain(`${t('deviceHistory.operation.fields.customer')}: `);
    expect(shown).not.toContain(`${SET_HOT}=${target}`);

    // Switching language re-reads what the server words: the mode's enum label follows.
    if (locale === 'en-US') {
      await page.getByTestId('language-switch').getByText('中文').click();
      await page.getByTestId('device-tab-params').click();
      await page.getByTestId('params-customer').click();
      const mode = page.getByTestId('params-table-customer').getByTestId('value-2');
      await expect.poll(() => mode.innerText(), LIVE).toMatch(/^(制热|制冷|热水|自动)$/);
    }
  }
});
