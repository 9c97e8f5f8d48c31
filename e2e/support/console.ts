import { getAllButtonRoles, MENU, parseButtonList, SHARED_MESSAGES, type Locale } from '@dcc/contract';
import type { Page } from 'playwright-core';
import zhLogin from '../../apps/web/src/i18n/locales/zh-CN/login.json' with { type: 'json' };
import enLogin from '../../apps/web/src/i18n/locales/en-US/login.json' with { type: 'json' };
import zhCommon from '../../apps/web/src/i18n/locales/zh-CN/common.json' with { type: 'json' };
import enCommon from '../../apps/web/src/i18n/locales/en-US/common.json' with { type: 'json' };
import zhNotice from '../../apps/web/src/i18n/locales/zh-CN/notice.json' with { type: 'json' };
import enNotice from '../../apps/web/src/i18n/locales/en-US/notice.json' with { type: 'json' };

export const DEMO_PASSWORD = 'Demo@123456';

const CATALOGS: Record<Locale, Record<string, string>> = {
  'zh-CN': { ...SHARED_MESSAGES['zh-CN'], ...zhLogin, ...zhCommon, ...zhNotice },
  'en-US': { ...SHARED_MESSAGES['en-US'], ...enLogin, ...enCommon, ...enNotice },
};

/** The text the console shows for a catalog key (the same catalogs the console bundles). */
export function text(locale: Locale, key: string): string {
  const value = CATALOGS[locale][key];
  if (value === undefined) throw new Error(`no catalog entry ${key} for ${locale}`);
  return value;
}

/** Opens the login page and waits until it can be used. */
export async function openLogin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByTestId('login-account').waitFor();
}

/** Fills account and password on the open login page and submits. */
export async function submitPasswordLogin(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Resolves with the permission buttons the server answers for the next company chosen. */
export function nextButtonList(page: Page): Promise<string[]> {
  return page
    .waitForResponse((response) => response.url().includes(getAllButtonRoles.path))
    .then(async (response) => parseButtonList(((await response.json()) as { objectResult: string }).objectResult));
}

/** The menu paths shown in the side menu, in order (popup copies of submenus live outside the sider). */
export async function shownMenuPaths(page: Page): Promise<string[]> {
  const ids = await page.locator('[data-testid="sider"] [data-testid^="menu-/company"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.slice('menu-'.length));
}

/** Paths of the top-level menu entries of the contract. */
export const TOP_LEVEL_PATHS = new Set(MENU.map((entry) => entry.path));

/** Waits for the shell (side menu) to be shown. */
export async function waitForShell(page: Page): Promise<void> {
  await page.getByTestId('side-menu').waitFor();
  await page.waitForURL(/#\/company/);
}
