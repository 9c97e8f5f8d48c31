import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  Button,
  roleAdd,
  selectAllNotices,
  SHARED_MESSAGES,
  zonedDateTime,
  type Locale,
  type Notice,
} from '@dcc/contract';
import { saveScreenshot } from './support/browser.ts';
import {
  callAsPage,
  openLogin,
  openSignedIn,
  openSignedInAt,
  signInAsAUserWould,
  text,
  waitForShell,
} from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { openRoute, tableRows } from './organization-support.ts';
import { waitForToast } from './support/toasts.ts';

/** Issue 9 (pages): guards, hand-over targets, 404, China time, breadcrumbs, long text, popover, no-company heading. */

const OPERATOR = '13800000000';
const CATALOG_VIEWER = '13900000016';
const NO_COMPANY = '13900000004';
const DEALERS = '/company/dealerManage/dealersManage';
const ROLES = '/company/dealerManage/roleManage';
const PRODUCTS = '/company/productManage/productsManage';
const DATA_TYPES = '/company/productManage/dataTypeManage';

/** Runs `steps` on a signed-in page and screenshots a failure (console problems fail the test by the suite's rule). */
async function withPage(
  opened: { context: BrowserContext; page: Page },
  name: string,
  steps: (page: Page) => Promise<void>,
): Promise<void> {
  const { context, page } = opened;
  try {
    await steps(page);
  } catch (error) {
    await saveScreenshot(page, `${name}-failure`);
    throw error;
  } finally {
    await context.close();
  }
}

const switchLanguage = (page: Page, locale: Locale) =>
  page
    .getByTestId('language-switch')
    .getByText(locale === 'en-US' ? 'English' : '中文')
    .click();

/** The texts of the breadcrumb's items, Home first. */
const crumbs = (page: Page) => page.getByTestId('breadcrumb').locator('.ant-breadcrumb-link').allTextContents();

/** An instant as China's wall clock in each language's format, computed apart from the console's formatter (dayjs). */
function chinaTime(iso: string): Record<Locale, string> {
  const wall = zonedDateTime(iso, 'Asia/Shanghai');
  const [year, month, day, time] = wall.split(/[- ]/);
  return { 'zh-CN': wall, 'en-US': `${month}/${day}/${year} ${time}` };
}

describe('console pages as a new user meets them', () => {
  const env = useServerAndBrowser();

  it('shows a read-only catalog company no-permission on the add pages it reaches by address, never the wizard', async () => {
    const viewer = await openSignedInAt(
      env.browser,
      env.baseUrl,
      CATALOG_VIEWER,
      `${PRODUCTS}/productAdd`,
      'no-permission',
    );
    await withPage(viewer, 'guard-catalog-add', async (page) => {
      expect(await page.getByTestId('product-form').count()).toBe(0);
      await openRoute(page, env.baseUrl, `${DATA_TYPES}/dataTypeAdd`, 'no-permission');
      expect(await page.getByTestId('data-type-form').count()).toBe(0);
      // The list the company may read still opens.
      await openRoute(page, env.baseUrl, DATA_TYPES, 'catalog-read-only');
    });
  });

  it('shows an unknown console address, also below a list, one not-found message in both languages', async () => {
    await withPage(await openSignedIn(env.browser, env.baseUrl, OPERATOR), 'not-found', async (page) => {
      for (const locale of ['zh-CN', 'en-US'] as const) {
        if (locale === 'en-US') await switchLanguage(page, locale);
        await openRoute(page, env.baseUrl, '/company/noSuchPage', 'not-found');
        await page.getByTestId('not-found').getByText(text(locale, 'page.notFound'), { exact: true }).waitFor();
        expect(await page.getByText(text(locale, 'page.notFound')).count()).toBe(1);
        expect(await page.getByText(text(locale, 'page.notAvailable')).count()).toBe(0);
      }
      // Below a built list too, rather than a blank page.
      await openRoute(page, env.baseUrl, `${PRODUCTS}/noSuchPage`, 'not-found');
    });
  });

  it("offers as hand-over targets only the dealers the server accepts, never the dealer's own sub-dealers", async () => {
    const operator = await openSignedInAt(env.browser, env.baseUrl, OPERATOR, DEALERS, 'dealer-table');
    await withPage(operator, 'hand-over-targets', async (page) => {
      const row = tableRows(page, 'dealer-table').filter({ hasText: 'North China Distribution' });
      await row.getByTestId('dealer-more').click();
      await page
        .locator('.ant-dropdown:visible')
        .getByRole('menuitem', { name: text('zh-CN', 'dealers.handOver') })
        .click();
      await page.getByTestId('hand-over-target').first().click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      // The list may re-render while its query settles, so read it until it holds the expected targets.
      const expected = [
        'Aurora Heat Pumps Platform (AURORA)',
        'East China Distribution (D1-EAST)',
        'Pudong Installers (D2-PUDONG)',
      ];
      let offered: string[] = [];
      await expect
        .poll(async () => (offered = await options.allTextContents()))
        .toEqual(expect.arrayContaining(expected));
      // North itself, its sub-dealers (Beijing, Tianjin) and theirs (Haidian) would make a cycle.
      expect(offered.filter((label) => /D1-NORTH|D2-BEIJING|D2-TIANJIN|D3-HAIDIAN/.test(label))).toEqual([]);
      await saveScreenshot(page, 'hand-over-targets');
      // An offered target is accepted.
      await options.filter({ hasText: 'D2-PUDONG' }).click();
      await page.getByTestId('hand-over-ok').click();
      const [before] = text('zh-CN', 'dealers.handedOver').split('{{count}}') as [string];
      await waitForToast(page, before);
    });
  });

  it('dates the notices in China time, in each language, whatever the browser zone', async () => {
    const context = await env.browser.newContext({
      viewport: { width: 1920, height: 1080 },
      locale: 'zh-CN',
      timezoneId: 'America/Los_Angeles',
    });
    const page = await context.newPage();
    await withPage({ context, page }, 'notice-drawer-time', async () => {
      await openLogin(page, env.baseUrl);
      await signInAsAUserWould(page, OPERATOR);
      await waitForShell(page);
      const answer = await callAsPage<{ list: Notice[] }>(page, selectAllNotices.path, {});
      const newest = answer.objectResult!.list[0]!;
      const expected = chinaTime(newest.createTime);
      const drawer = page.getByTestId('notice-drawer');
      for (const locale of ['zh-CN', 'en-US'] as const) {
        if (locale === 'en-US') await switchLanguage(page, locale);
        await page.getByTestId('notice-bell').click();
        const item = drawer.getByTestId('notice-item').first();
        await expect.poll(() => item.textContent()).toContain(expected[locale]);
        expect(await drawer.textContent()).not.toContain(newest.createTime);
        await saveScreenshot(page, `notice-drawer-time-${locale}`);
        await drawer.locator('.ant-drawer-close').click();
        await drawer.waitFor({ state: 'hidden' });
      }
    });
  });

  it('names the add and edit pages after their list in the breadcrumb, in both languages', async () => {
    const operator = await openSignedInAt(env.browser, env.baseUrl, OPERATOR, ROLES, 'role-table');
    await withPage(operator, 'breadcrumbs', async (page) => {
      const roles = (locale: Locale) => SHARED_MESSAGES[locale]['menu.roleManage'];
      await page.getByTestId('role-add').click();
      await expect
        .poll(() => crumbs(page))
        .toEqual([
          SHARED_MESSAGES['zh-CN']['menu.home'],
          SHARED_MESSAGES['zh-CN']['menu.dealerManage'],
          roles('zh-CN'),
          text('zh-CN', 'breadcrumb.roleAdd'),
        ]);
      await switchLanguage(page, 'en-US');
      await expect
        .poll(() => crumbs(page))
        .toEqual([
          SHARED_MESSAGES['en-US']['menu.home'],
          SHARED_MESSAGES['en-US']['menu.dealerManage'],
          roles('en-US'),
          text('en-US', 'breadcrumb.roleAdd'),
        ]);
      // The list's crumb leads back to the list; an edit page is named too.
      await page
        .getByTestId('breadcrumb')
        .getByRole('link', { name: roles('en-US') })
        .click();
      await page.waitForURL(new RegExp(`#${ROLES}$`));
      await tableRows(page, 'role-table').first().getByTestId('role-edit').click();
      await expect
        .poll(async () => (await crumbs(page)).slice(-2))
        .toEqual([roles('en-US'), text('en-US', 'breadcrumb.roleEdit')]);
      await saveScreenshot(page, 'breadcrumbs-role-edit');
    });
  });

  it('keeps the actions of a role with a 200-character unbroken description inside the card', async () => {
    await withPage(await openSignedIn(env.browser, env.baseUrl, OPERATOR), 'long-description', async (page) => {
      const roleName = 'E2E long description';
      const added = await callAsPage(page, roleAdd.path, {
        roleName,
        description: 'W'.repeat(200),
        viewLevelMax: 1,
        buttonIds: [Button.HOME],
      });
      expect(added.error_code).toBe(0);
      await openRoute(page, env.baseUrl, ROLES, 'role-table');
      await page.getByTestId('role-search').fill(roleName);
      await page.getByTestId('role-table-search-submit').click();
      const actions = page.getByTestId(`role-actions-${roleName}`);
      await actions.getByTestId('role-edit').waitFor();
      const card = page.locator('.ant-card').filter({ has: page.getByTestId('role-table') });
      const [cardBox, actionsBox] = await Promise.all([card.boundingBox(), actions.boundingBox()]);
      expect(actionsBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
      expect(actionsBox!.x + actionsBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
      expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(1920);
      await saveScreenshot(page, 'long-role-description');
    });
  });

  it('closes the user popover when Account settings is chosen', async () => {
    await withPage(await openSignedIn(env.browser, env.baseUrl, OPERATOR), 'user-popover', async (page) => {
      await page.getByTestId('user-menu').click();
      const settings = page.getByTestId('account-settings');
      await settings.click();
      await page.waitForURL(/#\/company\/personalSetting$/);
      await settings.waitFor({ state: 'hidden' });
    });
  });

  it('shows the no-company heading once', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await withPage({ context, page }, 'no-company-heading', async () => {
      await openLogin(page, env.baseUrl);
      await signInAsAUserWould(page, NO_COMPANY, { arrived: () => page.getByTestId('no-company').waitFor() });
      expect(await page.getByText(text('zh-CN', 'noCompany.title'), { exact: true }).count()).toBe(1);
    });
  });
});
