import { describe, expect, it } from 'vitest';
import { MENU, SHARED_MESSAGES } from '@dcc/contract';
import { openMenuPage, openSignedIn } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';

const systemManage = MENU.find((entry) => entry.labelKey === 'menu.systemManage');

describe('notice administration (System management > Notices)', () => {
  const env = useServerAndBrowser();

  it('adds, finds, edits and deletes a notice that then reaches the message drawer', async () => {
    const { context, page } = await openSignedIn(env.browser, env.baseUrl, '13800000000');

    await openMenuPage(page, systemManage!.path, '/company/systemManage/messageManage', 'notice-table');
    await expect(page.getByTestId('breadcrumb').textContent()).resolves.toContain(
      SHARED_MESSAGES['zh-CN']['menu.messageManage'],
    );

    const unreadBefore = Number(
      (await page.getByTestId('unread-badge').locator('.ant-badge-count').getAttribute('title')) ?? '0',
    );
    await page.getByTestId('notice-add').click();
    await page.getByTestId('notice-title').fill('浏览器测试通知');
    await page.getByTestId('notice-body').fill('这是一条由浏览器测试发布的通知。');
    await page.getByTestId('notice-form-ok').click();
    await page.getByTestId('notice-table').getByText('浏览器测试通知').waitFor();
    await expect
      .poll(async () =>
        Number((await page.getByTestId('unread-badge').locator('.ant-badge-count').getAttribute('title')) ?? '0'),
      )
      .toBe(unreadBefore + 1);

    await page.getByTestId('notice-search').fill('浏览器测试');
    await page.getByTestId('notice-search').press('Enter');
    await expect.poll(() => page.getByTestId('notice-table').locator('tbody tr.ant-table-row').count()).toBe(1);
    // The search is remembered on reload, and forgotten when another menu entry opens.
    await page.reload();
    await expect.poll(() => page.getByTestId('notice-search').inputValue()).toBe('浏览器测试');
    await page.getByTestId('sider').getByTestId('menu-/company').click();
    await page.getByTestId('home').waitFor();
    await openMenuPage(page, systemManage!.path, '/company/systemManage/messageManage', 'notice-table');
    await expect.poll(() => page.getByTestId('notice-search').inputValue()).toBe('');
    await page.getByTestId('notice-search').fill('浏览器测试');
    await page.getByTestId('notice-search').press('Enter');
    await expect.poll(() => page.getByTestId('notice-table').locator('tbody tr.ant-table-row').count()).toBe(1);

    await page
      .getByTestId('notice-table')
      .getByRole('button', { name: /编\s?辑/ })
      .click();
    await page.getByTestId('notice-title').fill('浏览器测试通知_已改');
    await page.getByTestId('notice-form-ok').click();
    await page.getByTestId('notice-table').getByText('浏览器测试通知_已改').waitFor();

    await page.getByTestId('notice-delete').click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /删\s?除/ })
      .click();
    await expect.poll(() => page.getByTestId('notice-table').locator('tbody tr.ant-table-row').count()).toBe(0);
    await context.close();
  });
});
