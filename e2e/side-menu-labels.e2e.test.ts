import { describe, expect, it } from 'vitest';
import { flattenMenu, type Locale } from '@dcc/contract';
import type { Page } from 'playwright-core';
import { saveScreenshot } from './support/browser.ts';
import { expandSideMenu, openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';

const OPERATOR = '13800000000';
const LABEL_KEYS = new Map(flattenMenu().map((entry) => [entry.path, entry.labelKey]));

interface ShownLabel {
  path: string;
  text: string;
  truncated: boolean;
  /** Right edge of the label, and left edge of its submenu's chevron when it has one. */
  right: number;
  chevronLeft: number | null;
  siderRight: number;
  /** Index of the menu list holding it: labels with the same index are siblings. */
  list: number;
}

function shownLabels(page: Page): Promise<ShownLabel[]> {
  return page.locator('[data-testid="sider"]').evaluate((sider) => {
    const lists = Array.from(sider.querySelectorAll('ul'));
    return Array.from(sider.querySelectorAll<HTMLElement>('[data-testid^="menu-/company"]')).map((label) => {
      const chevron = label.closest('.ant-menu-submenu-title')?.querySelector('.ant-menu-submenu-arrow');
      return {
        path: label.dataset.testid!.slice('menu-'.length),
        text: label.textContent ?? '',
        truncated: label.scrollWidth > label.clientWidth,
        right: label.getBoundingClientRect().right,
        chevronLeft: chevron ? chevron.getBoundingClientRect().left : null,
        siderRight: sider.getBoundingClientRect().right,
        list: lists.indexOf(label.closest('ul')!),
      };
    });
  });
}

describe('side menu labels and header title', () => {
  const env = useServerAndBrowser();

  it('cuts a label that does not fit with an ellipsis and shows its full text in a tooltip', async () => {
    const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, 'en-US');
    await expandSideMenu(page);
    const path = '/company/dealerManage/engineerManage';
    const label = page.getByTestId('sider').getByTestId(`menu-${path}`);
    // A narrower menu, as a longer label or a larger font would make it.
    await page.addStyleTag({ content: '[data-testid="sider"] .ant-menu-title-content { max-width: 60px }' });
    await expect.poll(() => label.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    await label.hover();
    await page
      .locator('.ant-tooltip')
      .filter({ hasText: text('en-US', LABEL_KEYS.get(path)!) })
      .waitFor();
    await context.close();
  });

  describe.each([
    ['en-US', 1280],
    ['en-US', 1920],
    ['zh-CN', 1280],
    ['zh-CN', 1920],
  ] as Array<[Locale, number]>)('%s at %i px', (locale, width) => {
    it('shows every label whole (or cut with its full text in a tooltip), clear of its chevron, distinct from its siblings, and the title on one line', async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale, { width, height: 900 });
      await expandSideMenu(page);
      const labels = await shownLabels(page);
      expect(labels.length).toBe(LABEL_KEYS.size);

      for (const label of labels) {
        expect(label.text, label.path).toBe(text(locale, LABEL_KEYS.get(label.path)!));
        expect(label.right, `${label.path} ends inside the menu`).toBeLessThanOrEqual(label.siderRight);
        if (label.chevronLeft !== null)
          expect(label.right, `${label.path} ends before its chevron`).toBeLessThanOrEqual(label.chevronLeft);
      }
      for (const label of labels.filter((shown) => shown.truncated)) {
        await page.getByTestId('sider').getByTestId(`menu-${label.path}`).hover();
        await expect
          .poll(() => page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').filter({ hasText: label.text }).count(), {
            message: label.path,
          })
          .toBe(1);
        await page.mouse.move(width - 1, 899);
      }
      for (const list of new Set(labels.map((label) => label.list))) {
        const siblings = labels.filter((label) => label.list === list).map((label) => label.text);
        expect(new Set(siblings).size, siblings.join(' | ')).toBe(siblings.length);
      }

      const title = page.getByTestId('app-title');
      await expect(title.textContent()).resolves.toBe(text(locale, 'common.appName'));
      const fit = await title.evaluate((node) => {
        const box = node.getBoundingClientRect();
        const header = node.closest('.ant-layout-header')!.getBoundingClientRect();
        const switcher = document.querySelector('[data-testid="company-switcher"]')!.getBoundingClientRect();
        return {
          lines: node.getClientRects().length,
          insideHeader: box.top >= header.top && box.bottom <= header.bottom && box.left >= header.left,
          clearOfSwitcher: box.right <= switcher.left,
        };
      });
      expect(fit).toEqual({ lines: 1, insideHeader: true, clearOfSwitcher: true });
      await saveScreenshot(page, `side-menu-${locale}-${width}`);
      await context.close();
    });
  });
});
