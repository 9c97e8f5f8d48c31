import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getAllButtonRoles, login, MENU, parseButtonList, SHARED_MESSAGES, type Locale } from '@dcc/contract';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { newContext, WIDE_SCREEN } from './browser.ts';
import { expectFailedRequest } from './consoleRule.ts';
import { enterSignedIn } from './signIn.ts';
import { POLL } from './waits.ts';

export const DEMO_PASSWORD = 'Demo@123456';

const LOCALES_DIR = new URL('../../apps/web/src/i18n/locales/', import.meta.url).pathname;

/** The console's catalogs as it bundles them: the contract's shared messages plus every area file. */
function catalog(locale: Locale): Record<string, string> {
  // Page areas (locales/<locale>/pages/) load with their pages; the console shows them all the same.
  const dirs = [join(LOCALES_DIR, locale), join(LOCALES_DIR, locale, 'pages')];
  const files = dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => join(dir, file)),
  );
  const own = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  return Object.assign({}, SHARED_MESSAGES[locale], ...own);
}

const CATALOGS: Record<Locale, Record<string, string>> = { 'zh-CN': catalog('zh-CN'), 'en-US': catalog('en-US') };

/** Whether the console's catalog of `locale` has `key`. */
export const hasCatalogEntry = (locale: Locale, key: string): boolean => CATALOGS[locale][key] !== undefined;

/** The text the console shows for a catalog key (the same catalogs the console bundles). */
export function text(locale: Locale, key: string): string {
  const value = CATALOGS[locale][key];
  if (value === undefined) throw new Error(`no catalog entry ${key} for ${locale}`);
  return value;
}

/** The message of an empty required field, naming the field by its label's catalog key. */
export const requiredText = (locale: Locale, labelKey: string): string =>
  text(locale, 'form.fieldRequired').replace('${label}', text(locale, labelKey));

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

/**
 * Opens the side menu if it is collapsed and every submenu in it (the menu renders a group's entries when it is first
 * opened), and waits until no opening animation runs in it.
 */
export async function expandSideMenu(page: Page): Promise<void> {
  if (await page.locator('[data-testid="sider"].ant-layout-sider-collapsed').count())
    await page.getByTestId('menu-toggle').click();
  const closed = page.locator(
    '[data-testid="sider"] .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title',
  );
  while (await closed.count()) await closed.first().click();
  // The last submenu's opening animation (and the menu's own) must end before anything is measured: no element of
  // the menu in a collapse motion, and no transition or animation running in it.
  await page.waitForFunction(() => {
    const sider = document.querySelector('[data-testid="sider"]');
    return (
      sider !== null &&
      sider.querySelector('[class*="motion-collapse"]') === null &&
      sider.getAnimations({ subtree: true }).length === 0
    );
  });
}

/** The menu paths of the side menu with every group opened, in order (popup copies of submenus live outside the sider). */
export async function shownMenuPaths(page: Page): Promise<string[]> {
  await expandSideMenu(page);
  const ids = await page
    .locator('[data-testid="sider"] [data-testid^="menu-/company"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.slice('menu-'.length));
}

/** Paths of the top-level menu entries of the contract. */
export const TOP_LEVEL_PATHS = new Set(MENU.map((entry) => entry.path));

/** Waits for the shell (side menu) to be shown. */
export async function waitForShell(page: Page): Promise<void> {
  await page.getByTestId('side-menu').waitFor();
  await page.waitForURL(/#\/company/);
}

/** How often a test's own sign-in is submitted when the console gives up on it at its request timeout. */
const SIGN_IN_ATTEMPTS = 3;

/** What a test waits for after submitting a sign-in, and the password it submits (DEMO_PASSWORD unless told). */
export interface SignInOptions {
  password?: string;
  /** What shows once the console has answered the sign-in: the shell or the company chooser unless told. */
  arrived?: () => Promise<unknown>;
}

/**
 * Submits the sign-in until the console has answered it (`arrived`). On a loaded machine the server can take longer
 * than the console's 5 s request timeout (spec); the console then says so and a user submits again, which is what
 * this does, at most SIGN_IN_ATTEMPTS times. A test that passes through the login page on its way signs in so
 * (one that only needs to be signed in uses openSignedIn, through the API).
 */
export async function signInAsAUserWould(page: Page, account: string, options: SignInOptions = {}): Promise<void> {
  const chooser = page.getByTestId('company-chooser');
  const arrived = options.arrived ?? (() => Promise.race([page.waitForURL(/#\/company/), chooser.waitFor()]));
  for (let attempt = 1; ; attempt += 1) {
    const aborted = page
      .waitForEvent('requestfailed', { predicate: (request) => request.url().includes(login.path), timeout: 0 })
      .then(() => 'aborted' as const);
    const signedIn = arrived().then(() => 'signedIn' as const);
    // The loser of the race is left waiting: its failure (the page closing) is nobody's.
    aborted.catch(() => undefined);
    signedIn.catch(() => undefined);
    await submitPasswordLogin(page, account, options.password);
    if ((await Promise.race([signedIn, aborted])) === 'signedIn') return;
    expectFailedRequest(login.path, 'aborted');
    if (attempt === SIGN_IN_ATTEMPTS) throw new Error(`the sign-in of ${account} timed out ${attempt} times`);
  }
}

/** How a signed-in profile differs from the default: its context's options, and where the console opens. */
export interface SignedInOptions extends BrowserContextOptions {
  /** The console's address to open once signed in, the company home unless told: a test that starts elsewhere skips the home. */
  route?: string;
}

/**
 * A fresh browser profile (browser language `locale`, screen `viewport`) signed in as `account` in its first company,
 * in the shell at `options.route` (the company home unless told): signed in through the API (signIn.ts), as a test
 * whose subject is not the sign-in starts.
 */
export async function openSignedIn(
  browser: Browser,
  baseUrl: string,
  account: string,
  locale: Locale = 'zh-CN',
  viewport = WIDE_SCREEN,
  options: SignedInOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { route, ...contextOptions } = options;
  const context = await newContext(browser, locale, viewport, contextOptions);
  const page = await context.newPage();
  await enterSignedIn(page, baseUrl, account, DEMO_PASSWORD, route);
  await waitForShell(page);
  return { context, page };
}

/** openSignedIn straight onto the console's page at `route`, once `testId` shows loaded (waitUntilLoaded). */
export async function openSignedInAt(
  browser: Browser,
  baseUrl: string,
  account: string,
  route: string,
  testId: string,
  locale: Locale = 'zh-CN',
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openSignedIn(browser, baseUrl, account, locale, WIDE_SCREEN, { route });
  await waitUntilLoaded(opened.page, testId);
  return opened;
}

/**
 * Waits until `testId` shows, loaded and not only shown: no spinner in it (a row clicked while the first answer still
 * replaces the rows can lose its menu).
 */
export async function waitUntilLoaded(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).waitFor();
  await page.waitForFunction((id) => !document.querySelector(`[data-testid="${id}"] .ant-spin-spinning`), testId, {
    timeout: 30_000,
  });
}

/** Makes a call with the browser's session (zh-CN messages unless asked), as a hand-made request would. */
export function callAsPage<Result = unknown>(
  page: Page,
  path: string,
  body: Record<string, unknown>,
  language: 'zh_CN' | 'en_US' = 'zh_CN',
) {
  return page.evaluate(
    async ({ url, payload, lang }) => {
      const response = await fetch(`${url}?language=${lang}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          ...payload,
          sessionid: sessionStorage.getItem('sessionid'),
          dealersId: sessionStorage.getItem('dealersId'),
        }),
      });
      return (await response.json()) as { error_code: number; error_msg: string; objectResult?: Result };
    },
    { url: path, payload: body, lang: language },
  );
}

/**
 * Opens a page of the side menu under its group and waits for `tableTestId`. A click can land while
 * the group's submenu is still opening or closing (under load it takes a while), so each try clicks
 * the entry when it shows, else the group, until the console is on the page's route.
 */
export async function openMenuPage(page: Page, groupPath: string, path: string, tableTestId: string): Promise<Locator> {
  const sider = page.getByTestId('sider');
  const entry = sider.getByTestId(`menu-${path}`);
  const onRoute = new RegExp(`#${path}$`);
  await vi.waitFor(
    async () => {
      if (onRoute.test(page.url())) return;
      if (await entry.isVisible()) await entry.click({ timeout: 5000 });
      else await sider.getByTestId(`menu-${groupPath}`).click({ timeout: 5000 });
      if (!onRoute.test(page.url())) throw new Error(`the console is not on ${path} yet`);
    },
    { timeout: 30_000, interval: 250 },
  );
  const table = page.getByTestId(tableTestId);
  await table.waitFor();
  return table;
}

/**
 * Clicks a button again once it shows no spinner, as a user would: antd ignores a click on a button still loading, and
 * after an answer the spinner can outlast the answer's toast by a timer task (TanStack Query tells its observers in a
 * setTimeout), so a step that clicks right after reading the toast could click into the spinner on a loaded machine.
 */
export async function clickWhenIdle(button: Locator): Promise<void> {
  await expect.poll(async () => (await button.getAttribute('class')) ?? '', POLL).not.toContain('ant-btn-loading');
  await button.click();
}
