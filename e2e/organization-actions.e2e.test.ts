import { describe, expect, it } from 'vitest';
import { Button } from '@dcc/contract';
import { saveScreenshot } from './support/browser.ts';
import { openSignedInAt, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { openRoute, pickArea, tableRows } from './organization-support.ts';
import { waitForToast } from './support/toasts.ts';

const DEALERS = '/company/dealerManage/dealersManage';
const BUTTONS = '/company/systemManage/buttonManage';
const zh = (key: string) => text('zh-CN', key);
const NEW_NAME = '北京朝阳测试经销商';

describe('organization: dealer actions and the permission button tree', () => {
  const env = useServerAndBrowser();

  it('adds a level-2 dealer under a chosen parent; refuses deleting a dealer with sub-dealers; sale scope, disable, enable, random password, hand-over', async () => {
    const { context, page } = await openSignedInAt(env.browser, env.baseUrl, '13800000000', DEALERS, 'dealer-table');
    const row = (name: string) => tableRows(page, 'dealer-table').filter({ hasText: name });
    const menuAction = async (name: string, key: string) => {
      await row(name).getByTestId('dealer-more').click();
      await page
        .locator('.ant-dropdown:visible')
        .getByRole('menuitem', { name: zh(key) })
        .click();
    };

    await menuAction('North China Distribution', 'dealers.delete');
    await page.getByTestId('dealer-delete-confirm').click();
    await waitForToast(page, zh('organization.error.dealerHasSubDealers'));
    await expect(row('North China Distribution').count()).resolves.toBe(1);

    await page.getByTestId('dealer-add').click();
    await page.getByTestId('dealer-parent').first().click();
    await page.locator('.ant-select-dropdown:visible').getByText('North China Distribution (D1-NORTH)').click();
    await page.getByTestId('dealer-name').fill(NEW_NAME);
    await page.getByTestId('dealer-code').fill('E2E-CHAOYANG');
    await page.getByTestId('dealer-contact-name').fill('赵测试');
    await page.getByTestId('dealer-contact-phone').fill('13700000201');
    await pickArea(page, 'dealer-area', ['北京市', '朝阳区']);
    await page.getByTestId('dealer-form-submit').click();
    await expect(page.getByTestId('one-time-phone').textContent()).resolves.toBe('13700000201');
    await page.getByTestId('one-time-password-ok').click();

    // Searching lists the whole subtree flat, with the parent of each dealer.
    await page.getByTestId('dealer-search-name').fill('朝阳');
    await page.getByTestId('dealer-search-submit').click();
    await expect.poll(() => tableRows(page, 'dealer-table').count()).toBe(1);
    await row(NEW_NAME).getByTestId('dealer-level-2').waitFor();
    await row(NEW_NAME).getByText('North China Distribution').waitFor();

    await menuAction(NEW_NAME, 'dealers.saleScope');
    await pickArea(page, 'sale-scope-areas', ['上海市']);
    await pickArea(page, 'sale-scope-areas', ['江苏省', '南京市']);
    await saveScreenshot(page, 'organization-sale-scope');
    await page.getByTestId('sale-scope-ok').click();
    await waitForToast(page, zh('dealers.saleScopeSaved'));

    await menuAction(NEW_NAME, 'dealers.disable');
    await page.getByTestId('dealer-toggle-confirm').click();
    await row(NEW_NAME).getByText(zh('dealers.disabled')).waitFor();
    await menuAction(NEW_NAME, 'dealers.enable');
    await page.getByTestId('dealer-toggle-confirm').click();
    await row(NEW_NAME).getByText(zh('dealers.enabled')).waitFor();

    await menuAction(NEW_NAME, 'dealers.randomPassword');
    await page.getByTestId('random-password-confirm').click();
    await expect(page.getByTestId('one-time-password').textContent()).resolves.toMatch(/\S{8,}/);
    await page.getByTestId('one-time-password-ok').click();

    // Edit starts from the stored values and saves a change.
    await row(NEW_NAME).getByTestId('dealer-edit').click();
    await expect.poll(() => page.getByTestId('dealer-code').inputValue()).toBe('E2E-CHAOYANG');
    await page.getByTestId('dealer-address').fill('朝阳区建国路 88 号');
    await page.getByTestId('dealer-form-submit').click();
    await waitForToast(page, zh('dealers.saved'));
    await row(NEW_NAME).waitFor();

    // The detail shows the edit and the saved sale scope by name.
    await row(NEW_NAME).getByTestId('dealer-detail').click();
    await page.getByTestId('dealer-detail').getByText('朝阳区建国路 88 号').waitFor();
    await page.getByTestId('dealer-detail').getByText('南京市').first().waitFor();
    await saveScreenshot(page, 'organization-dealer-detail-scope');

    // Hand-over: North's sub-dealers move to East; the tree shows them under East.
    await openRoute(page, env.baseUrl, DEALERS, 'dealer-table');
    await page.getByTestId('dealer-search-reset').click();
    await menuAction('North China Distribution', 'dealers.handOver');
    await page.getByTestId('hand-over-target').first().click();
    await page.locator('.ant-select-dropdown:visible').getByText('East China Distribution (D1-EAST)').click();
    await page.getByTestId('hand-over-ok').click();
    // The count covers the moved sub-dealers with everything below them (the demo data may add some); the
    // message also states how many of North's own devices and projects went to East with them.
    const template = zh('dealers.handedOver');
    const [before] = template.split('{{count}}') as [string];
    const shown = new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{(count|devices|projects)\}\}/g, '(\\d+)')}$`,
    ).exec(await waitForToast(page, before));
    expect(shown, template).not.toBeNull();
    expect(Number(shown![1])).toBeGreaterThanOrEqual(3);
    await row('East China Distribution').locator('.ant-table-row-expand-icon').click();
    await row('Beijing Installers').waitFor();
    await row(NEW_NAME).waitFor();
    await saveScreenshot(page, 'organization-dealer-tree');

    // English follows the language switch.
    await page.getByTestId('language-switch').getByText('English').click();
    await page.getByText(text('en-US', 'dealers.add')).waitFor();
    await context.close();
  });

  it('removes a member from its company after a confirm', async () => {
    const { context, page } = await openSignedInAt(
      env.browser,
      env.baseUrl,
      '13800000000',
      '/company/dealerManage/memberManage',
      'member-table',
    );
    await page.getByTestId('member-search').fill('13900000005');
    await page.getByTestId('member-table-search-submit').click();
    await expect.poll(() => tableRows(page, 'member-table').count()).toBe(1);
    await page.getByTestId('member-actions-13900000005').getByTestId('member-remove').click();
    await page.getByTestId('member-remove-confirm').click();
    await waitForToast(page, zh('members.removed'));
    await expect.poll(() => tableRows(page, 'member-table').count()).toBe(0);
    await context.close();
  });

  it('adds, renames and moves a button, and deletes it only after the delete word is typed', async () => {
    const { context, page } = await openSignedInAt(
      env.browser,
      env.baseUrl,
      '13800000000',
      BUTTONS,
      'button-manage-tree',
    );
    const tree = page.getByTestId('button-manage-tree');
    await tree.getByTestId(`button-node-${Button.DEVICES}`).click();
    await page.getByTestId('button-add-child').click();
    await page.getByTestId('button-id').fill('E2E_EXPORT');
    await page.getByTestId('button-name').fill('导出设备');
    await page.getByTestId('button-name-ok').click();
    await tree.getByTestId('button-node-E2E_EXPORT').waitFor();

    await tree.getByTestId('button-node-E2E_EXPORT').click();
    await page.getByTestId('button-rename').click();
    await page.getByTestId('button-name').fill('导出设备清单');
    await page.getByTestId('button-name-ok').click();
    await tree.getByTestId('button-node-E2E_EXPORT').getByText('导出设备清单').waitFor();

    await page.getByTestId('button-move').click();
    await page.getByTestId('button-move-parent').first().click();
    const topLevel = page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', {
      hasText: zh('buttonManage.topLevel'),
    });
    await topLevel.click();
    await expect.poll(() => page.getByTestId('button-move-ok').isEnabled()).toBe(true);
    await page.getByTestId('button-move-ok').click();
    await waitForToast(page, zh('buttonManage.moved'));
    await expect(page.getByTestId('button-selected').textContent()).resolves.toContain(zh('buttonManage.topLevel'));
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await saveScreenshot(page, 'organization-buttons');

    await page.getByTestId('button-delete').click();
    await page.getByTestId('button-delete-word').fill('E2E_EXPOR');
    await page.getByTestId('button-delete-ok').click();
    await waitForToast(page, zh('organization.error.deleteWordMismatch'));
    await expect(tree.getByTestId('button-node-E2E_EXPORT').count()).resolves.toBe(1);
    await page.getByTestId('button-delete-word').fill('E2E_EXPORT');
    await page.getByTestId('button-delete-ok').click();
    await expect.poll(() => tree.getByTestId('button-node-E2E_EXPORT').count()).toBe(0);
    await context.close();
  });
});
