import { describe, expect, it } from 'vitest';
import { Button, flattenMenu, visibleMenu } from '@dcc/contract';
import { newContext } from './support/browser.ts';
import {
  nextButtonList,
  openLogin,
  shownMenuPaths,
  signInAsAUserWould,
  TOP_LEVEL_PATHS,
  waitForShell,
} from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';

describe('level-2 dealer member', () => {
  const env = useServerAndBrowser();

  it('enters the only company directly and sees only Home and Device management', async () => {
    const context = await newContext(env.browser);
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    const buttons = nextButtonList(page);
    await signInAsAUserWould(page, '13900000002');
    await waitForShell(page);
    const held = await buttons;
    expect(new Set(held)).toEqual(new Set([Button.HOME, Button.DEVICE_MANAGE, Button.DEVICES]));

    const shown = await shownMenuPaths(page);
    expect(shown.filter((path) => TOP_LEVEL_PATHS.has(path))).toEqual(['/company', '/company/deviceManage']);
    expect(shown).toEqual(flattenMenu(visibleMenu(new Set(held))).map((entry) => entry.path));

    // A menu area the role lacks is refused even when typed into the address bar.
    await page.goto(`${env.baseUrl}/#/company/dealerManage/memberManage`);
    await page.getByTestId('no-permission').waitFor();
    // The held area opens, with only the actions its buttons allow (the list's delete; no follow, lock or move).
    await page.goto(`${env.baseUrl}/#/company/deviceManage/devicesManage`);
    await page.getByTestId('device-table').waitFor();
    expect(
      await page
        .getByTestId('device-batch')
        .locator('button')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid'))),
    ).toEqual(['batch-delete']);
    await expect(page.getByTestId('breadcrumb').textContent()).resolves.toContain('设备');
    await context.close();
  });

  it('collapses the menu on screens narrower than 1850 px and keeps the choice in session storage', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1600, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    await signInAsAUserWould(page, '13900000002');
    await waitForShell(page);
    const siderWidth = async () => (await page.getByTestId('sider').boundingBox())?.width;
    await expect.poll(siderWidth).toBe(55);
    await page.getByTestId('menu-toggle').click();
    await expect.poll(siderWidth).toBe(227);
    await expect(page.evaluate(() => sessionStorage.getItem('isCollapse'))).resolves.toBe('false');
    await page.reload();
    await waitForShell(page);
    await expect.poll(siderWidth).toBe(227);
    await page.setViewportSize({ width: 1500, height: 900 });
    await expect.poll(siderWidth).toBe(55);
    await context.close();
  });
});
