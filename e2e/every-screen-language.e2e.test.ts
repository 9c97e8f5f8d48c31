import { describe, expect, it } from 'vitest';
import {
  flattenMenu,
  getAllButtonRoles,
  listDevices,
  parseButtonList,
  productOptions,
  visibleMenu,
  type CallResponse,
  type Locale,
  type ThingModel,
} from '@dcc/contract';
import { DEMO_HEAT_PUMP_POINTS } from '@dcc/protocol';
import type { Page } from 'playwright-core';
import { WATER_HEATER_MODEL } from '../apps/server/src/db/seed/catalog-demo.ts';
import { saveScreenshot } from './support/browser.ts';
import { callAsPage, openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { findingsOf, type Finding, type NamePairs } from './support/languageFindings.ts';
import { FLASH_WATCH, flashedTables, settled, shownTexts, trackCalls } from './support/screenText.ts';

/**
 * Issue 20 (names, not codes): every screen of the side menu, as the operator and as a level-2 member,
 * in both languages, shows no key, no contract code, no bare number for a status, no demo catalog name
 * in the other language, no 'more than N' for a small total, and no 'No data' before a list's first
 * answer. The device detail's tabs are walked too, for a heat pump and a water heater.
 */

const OPERATOR = '13800000000';
const LEVEL_TWO_MEMBER = '13900000002';
const DEVICES = '/company/deviceManage/devicesManage';
const API_LOG = '/company/logManage/apiUsedLog';
const PRODUCTS = '/company/productManage/productsManage';

/**
 * Columns whose cells are identifiers by nature, not words: codes a catalog maker typed (a point's code,
 * a thing-model identifier), account names an operator typed (a PDA user's) and, on the API call log, the
 * contract's own description of each call (English only, marked so for Chinese readers, naming the call's fields).
 */
function identifierColumns(locale: Locale, screen: string): (column: string) => boolean {
  const keys = [
    'deviceDetail.point.code',
    'points.code',
    'deviceHistory.timeTravel.code',
    'thingModel.identifier',
    'pdaUsers.userName',
  ];
  const titles = new Set([...keys, 'deviceDetail.tm.identifier'].map((key) => text(locale, key)));
  if (screen === API_LOG) titles.add(text(locale, 'logs.column.api.description'));
  return (column) => titles.has(column);
}

/**
 * The product list's two name columns: the catalog's editors see a product's own name and its English name side
 * by side, each titled for what it holds, as the series and data type lists do.
 */
function bothNameColumns(locale: Locale, screen: string): (column: string) => boolean {
  const titles = new Set(
    screen === PRODUCTS ? ['products.name', 'products.enName'].map((key) => text(locale, key)) : [],
  );
  return (column) => titles.has(column);
}

/** Chinese and English names of the demo catalog: point table, its items, the thing model. */
function demoNamePairs(): Array<readonly [string, string]> {
  const pairs: Array<readonly [string, string | undefined]> = [];
  for (const point of DEMO_HEAT_PUMP_POINTS) {
    pairs.push(
      [point.name, point.enName],
      [point.description ?? '', point.enDescription],
      [point.unit ?? '', point.enUnit],
    );
    for (const item of point.enumItems ?? []) pairs.push([item.label, item.enLabel]);
    for (const item of point.binaryItems ?? []) pairs.push([item.content, item.enContent]);
    for (const fault of point.faultDefinitions ?? []) pairs.push([fault.description ?? '', fault.enDescription]);
  }
  const model: ThingModel = WATER_HEATER_MODEL;
  for (const item of [...model.properties, ...model.events, ...model.services]) {
    pairs.push([item.name, item.enName], [item.description, item.enDescription]);
    if ('dataType' in item) for (const value of item.dataType.values) pairs.push([value.label, value.enLabel]);
  }
  return pairs.filter((pair): pair is readonly [string, string] => !!pair[0] && !!pair[1] && pair[0] !== pair[1]);
}

/** A call's answer with the page's session in a language. */
async function callIn<T>(
  page: Page,
  path: string,
  language: 'zh_CN' | 'en_US',
  body: Record<string, unknown> = {},
): Promise<T> {
  return (await callAsPage<T>(page, path, body, language)).objectResult!;
}

/** The demo names plus every product's name in both languages, as the server answers them. */
async function namePairs(page: Page): Promise<NamePairs> {
  type Option = { id: string; name: string };
  const [chinese, english] = await Promise.all([
    callIn<Option[]>(page, productOptions.path, 'zh_CN'),
    callIn<Option[]>(page, productOptions.path, 'en_US'),
  ]);
  const products = chinese.map(
    (product) => [product.name, english.find((e) => e.id === product.id)?.name ?? ''] as const,
  );
  return [...demoNamePairs(), ...products.filter(([zh, en]) => en && zh !== en)];
}

/** The menu's leaves the signed-in user holds, in menu order. */
async function menuLeaves(page: Page): Promise<string[]> {
  const held = new Set(parseButtonList(await callIn<string>(page, getAllButtonRoles.path, 'zh_CN')));
  return flattenMenu(visibleMenu(held))
    .filter((entry) => !entry.children)
    .map((entry) => entry.path);
}

/** Detail addresses of a demo heat pump and a demo water heater the user sees. */
async function deviceDetailPaths(page: Page): Promise<string[]> {
  const paths: string[] = [];
  for (const keyword of ['HP2406A', 'WH2406X']) {
    const answer = await callIn<CallResponse<typeof listDevices>>(page, listDevices.path, 'zh_CN', {
      keyword,
      pageSize: 1,
    });
    const device = answer.list[0];
    if (device) paths.push(`${DEVICES}/deviceDetail/${device.deviceId}`);
  }
  return paths;
}

async function walk(page: Page, locale: Locale, account: string): Promise<{ screens: number; findings: Finding[] }> {
  const inflight = trackCalls(page);
  const names = await namePairs(page);
  const [moreThan] = text(locale, 'list.moreThan').split('{{');
  const findings: Finding[] = [];
  let screens = 0;
  const read = async (screen: string) => {
    await settled(page, inflight);
    screens += 1;
    findings.push(
      ...findingsOf(
        locale,
        screen,
        await shownTexts(page),
        names,
        moreThan!.trim(),
        identifierColumns(locale, screen),
        bothNameColumns(locale, screen),
      ),
    );
    for (const table of await flashedTables(page))
      findings.push({ screen, text: table, column: '', why: "'No data' before the list's first answer" });
  };
  const leaves = await menuLeaves(page);
  expect(leaves.length, account).toBeGreaterThan(0);
  for (const path of leaves) {
    await page.goto(`${page.url().split('#')[0]}#${path}`);
    await read(path);
  }
  const details = await deviceDetailPaths(page);
  expect(details.length, 'a heat pump and a water heater in the device list').toBe(2);
  for (const path of details) {
    await page.goto(`${page.url().split('#')[0]}#${path}`);
    await read(path);
    const tabs = page.locator('main.ant-layout-content .ant-tabs-nav').first().locator('.ant-tabs-tab');
    const count = await tabs.count();
    for (let index = 1; index < count; index++) {
      const label = (await tabs.nth(index).textContent()) ?? String(index);
      await tabs.nth(index).click();
      await expect.poll(() => tabs.nth(index).getAttribute('class')).toContain('ant-tabs-tab-active');
      await read(`${path} > ${label}`);
    }
  }
  return { screens, findings };
}

describe('every screen in both languages', () => {
  // The demo fleet registered (and a few of it reporting), so the device screens have rows and details.
  const env = useServerAndBrowser({ env: { SIM_DEVICES: '8', SIM_REPORT_SECONDS: '5' } });

  describe.each([
    ['the operator', OPERATOR],
    ['a level-2 member', LEVEL_TWO_MEMBER],
  ])('as %s', (_who, account) => {
    it.each(['zh-CN', 'en-US'] as const)(
      'in %s shows no key, code or wrongly-languaged name, no small total as more than N, no No-data flash',
      async (locale) => {
        const { context, page } = await openSignedIn(env.browser, env.baseUrl, account, locale);
        await context.addInitScript(FLASH_WATCH);
        await page.reload();
        await page.getByTestId('side-menu').waitFor();
        try {
          const { screens, findings } = await walk(page, locale, account);
          expect(screens).toBeGreaterThan(account === OPERATOR ? 40 : 5);
          expect(findings).toEqual([]);
        } catch (error) {
          await saveScreenshot(page, `every-screen-${account}-${locale}-failure`);
          throw error;
        } finally {
          await context.close();
        }
      },
      900_000,
    );
  });
});
