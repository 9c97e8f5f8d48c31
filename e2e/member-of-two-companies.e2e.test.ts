import { describe, expect, it } from 'vitest';
import { flattenMenu, visibleMenu } from '@dcc/contract';
import { newContext, saveScreenshot } from './support/browser.ts';
import {
  nextButtonList,
  openLogin,
  shownMenuPaths,
  signInAsAUserWould,
  text,
  waitForShell,
} from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';

describe('member of two companies', () => {
  const env = useServerAndBrowser();

  it('chooses a company, sees its menu, switches language, reads notices and logs out', async () => {
    const context = await newContext(env.browser, 'zh-CN');
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    await expect(page.getByTestId('login-submit').isDisabled()).resolves.toBe(true);
    await saveScreenshot(page, 'login-zh-CN');
    await page.getByText('English', { exact: true }).click();
    await page.getByText(text('en-US', 'login.tab.account')).waitFor();
    await saveScreenshot(page, 'login-en-US');
    await page.getByText('中文', { exact: true }).click();
    await page.getByText(text('zh-CN', 'login.tab.account')).waitFor();

    await signInAsAUserWould(page, '13900000001');
    const chooser = page.getByTestId('company-chooser');
    await chooser.waitFor();
    const options = chooser.getByTestId('company-option');
    expect(await options.count()).toBe(2);
    expect(await chooser.locator('[data-testid^="level-icon-"]').count()).toBe(2);

    const buttons = nextButtonList(page);
    await options.first().getByRole('button').click();
    await waitForShell(page);
    const held = new Set(await buttons);
    expect(held.size).toBeGreaterThan(0);
    const expected = flattenMenu(visibleMenu(held)).map((entry) => entry.path);
    await expect.poll(() => shownMenuPaths(page)).toEqual(expected);

    const home = page.getByTestId('sider').getByTestId('menu-/company');
    await expect(home.textContent()).resolves.toBe(text('zh-CN', 'menu.home'));
    await saveScreenshot(page, 'shell-zh-CN');
    await page.getByText('English', { exact: true }).click();
    await expect.poll(() => home.textContent()).toBe(text('en-US', 'menu.home'));
    await saveScreenshot(page, 'shell-en-US');
    await page.getByText('中文', { exact: true }).click();
    await expect.poll(() => home.textContent()).toBe(text('zh-CN', 'menu.home'));

    await page.getByTestId('notice-bell').click();
    const drawer = page.getByTestId('notice-drawer');
    await drawer.getByText(text('zh-CN', 'notice.drawerTitle')).waitFor();
    const badgeCount = page.getByTestId('unread-badge').locator('.ant-badge-count');
    await badgeCount.waitFor();
    const unread = drawer.locator('[data-read="false"]');
    expect(await unread.count()).toBeGreaterThan(0);
    const markAll = page.getByTestId('mark-all-read');
    await expect(markAll.isEnabled()).resolves.toBe(true);
    await markAll.click();
    await expect.poll(() => unread.count()).toBe(0);
    await expect.poll(() => badgeCount.count()).toBe(0);
    await expect.poll(() => markAll.isDisabled()).toBe(true);
    await page.locator('.ant-drawer-close').click();

    // Switching company reloads the buttons and the menu of the other role.
    const otherButtons = nextButtonList(page);
    await page.getByTestId('company-switcher').click();
    const switchable = page.locator('.ant-modal').getByTestId('company-option');
    await expect.poll(() => switchable.count()).toBe(2);
    await switchable.locator('button:not([disabled])').click();
    const otherHeld = new Set(await otherButtons);
    await expect
      .poll(() => shownMenuPaths(page))
      .toEqual(flattenMenu(visibleMenu(otherHeld)).map((entry) => entry.path));
    expect(otherHeld).not.toEqual(held);
    await page.waitForURL(/#\/company$/);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/#\/login/);
    await page.getByTestId('login-account').waitFor();
    await expect(page.evaluate(() => sessionStorage.getItem('sessionid'))).resolves.toBeNull();
    await context.close();
  });
});
