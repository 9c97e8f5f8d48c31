import { describe, expect, it } from 'vitest';
import { addDealers, addMember, Button, flattenMenu, visibleMenu, type CallResponse } from '@dcc/contract';
import { newContext, saveScreenshot } from './support/browser.ts';
import {
  nextButtonList,
  openLogin,
  openSignedInAt,
  requiredText,
  shownMenuPaths,
  signInAsAUserWould,
  text,
  waitForShell,
} from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { openRoute, pickArea, pngImage, signInToCompany, tableRows } from './organization-support.ts';

const DEALERS = '/company/dealerManage/dealersManage';
const ROLES = '/company/dealerManage/roleManage';
const MEMBERS = '/company/dealerManage/memberManage';
const OPERATOR = '13800000000';
const NORTH_MEMBER = '13900000001';
const NEW_DEALER = { name: '华南测试经销商', code: 'E2E-SOUTH', contact: '陈测试', phone: '13700000101' };
const NEW_MEMBER_PHONE = '13700000102';
const ROLE_NAME = '设备只读E2E';
// The role holds Device management (B93), Devices (B94) and the device buttons under it (detail link, control,
// activation, import, move, vendor parameters, topology): no Home (B80).
const ROLE_BUTTONS = [
  Button.DEVICE_MANAGE,
  Button.DEVICES,
  Button.DEVICE_DETAIL_LINK,
  Button.DEVICE_CONTROL,
  Button.DEVICE_ACTIVATE,
  Button.DEVICE_IMPORT,
  Button.DEVICE_MOVE,
  Button.DEVICE_VENDOR_PARAMS,
  Button.DEVICE_TOPOLOGY,
];

type Envelope<T> = { error_code: number; objectResult: T };

describe('organization: dealers, roles, members and what a member then sees', () => {
  const env = useServerAndBrowser();
  let newDealerId = '';
  let memberPassword = '';

  it('the operator creates a level-1 dealer with a licence image, a device-only role and a member holding it', async () => {
    const { context, page } = await openSignedInAt(env.browser, env.baseUrl, OPERATOR, DEALERS, 'dealer-table');
    await page.getByTestId('dealer-add').click();
    await page.getByTestId('dealer-form').waitFor();
    await page.getByTestId('dealer-name').fill(NEW_DEALER.name);
    await page.getByTestId('dealer-code').fill(NEW_DEALER.code);
    await page.getByTestId('dealer-contact-name').fill(NEW_DEALER.contact);
    await page.getByTestId('dealer-contact-phone').fill(NEW_DEALER.phone);
    await pickArea(page, 'dealer-area', ['广东省', '广州市']);
    await page.getByTestId('dealer-address').fill('天河区体育西路 1 号');
    await page
      .getByTestId('dealer-form')
      .locator('input[type=file]')
      .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: pngImage(64, 48) });
    const licence = page.getByTestId('dealer-licence-image').locator('img');
    await licence.waitFor();
    // The image shows once its signed link has come.
    await expect
      .poll(() => licence.getAttribute('src'))
      .toMatch(/^\/uploads\/[0-9a-f-]+\.png\?expires=\d+&sig=[\w-]+$/);
    await saveScreenshot(page, 'organization-dealer-add');

    const added = page.waitForResponse((response) => response.url().includes(addDealers.path));
    await page.getByTestId('dealer-form-submit').click();
    const answer = (await (await added).json()) as Envelope<CallResponse<typeof addDealers>>;
    expect(answer.error_code).toBe(0);
    expect(answer.objectResult.dealer.level).toBe(1);
    newDealerId = answer.objectResult.dealer.dealersId;
    await expect(page.getByTestId('one-time-phone').textContent()).resolves.toBe(NEW_DEALER.phone);
    await expect(page.getByTestId('one-time-password').textContent()).resolves.toMatch(/\S{8,}/);
    await page.getByTestId('one-time-password-ok').click();

    // The detail shows the stored licence image and the level.
    await openRoute(page, env.baseUrl, `${DEALERS}/dealersDetail/${newDealerId}`, 'dealer-detail');
    await page.getByTestId('detail-licence').locator('img').waitFor();
    await expect(page.getByTestId('dealer-detail').getByTestId('dealer-level-1').count()).resolves.toBe(1);
    await saveScreenshot(page, 'organization-dealer-detail');

    await openRoute(page, env.baseUrl, ROLES, 'role-table');
    await page.getByTestId('role-add').click();
    await page.getByTestId('role-form').waitFor();
    await page.getByTestId('role-form-submit').click();
    await page.locator('.ant-form-item-explain-error', { hasText: requiredText('zh-CN', 'roles.name') }).waitFor();
    await page.getByTestId('role-name').fill(ROLE_NAME);
    await page.getByTestId('role-description').fill('只能查看设备');
    const treeNode = (id: string) =>
      page
        .getByTestId('role-button-tree')
        .locator('.ant-tree-treenode', { has: page.getByTestId(`button-node-${id}`) });
    await treeNode(Button.DEVICES).locator('.ant-tree-checkbox').click();
    // Checking Devices checks its children and leaves Device management half-checked (other device pages stay unchecked).
    await expect(treeNode(Button.DEVICE_DETAIL_LINK).locator('.ant-tree-checkbox-checked').count()).resolves.toBe(1);
    await expect(treeNode(Button.DEVICE_MANAGE).locator('.ant-tree-checkbox-indeterminate').count()).resolves.toBe(1);
    await saveScreenshot(page, 'organization-role-form');
    await page.getByTestId('role-form-submit').click();
    await page.getByTestId('role-table').getByText(ROLE_NAME).waitFor();
    await saveScreenshot(page, 'organization-roles');
    // Editing shows the saved buttons: Devices checked, Device management half-checked, Home not held.
    await page.getByTestId(`role-actions-${ROLE_NAME}`).getByTestId('role-edit').click();
    await expect.poll(() => treeNode(Button.DEVICES).locator('.ant-tree-checkbox-checked').count()).toBe(1);
    await expect(treeNode(Button.DEVICE_MANAGE).locator('.ant-tree-checkbox-indeterminate').count()).resolves.toBe(1);
    await expect(
      treeNode(Button.HOME).locator('.ant-tree-checkbox-checked, .ant-tree-checkbox-indeterminate').count(),
    ).resolves.toBe(0);
    await expect(page.getByTestId('role-name').inputValue()).resolves.toBe(ROLE_NAME);

    await openRoute(page, env.baseUrl, MEMBERS, 'member-table');
    await page.getByTestId('member-add').click();
    await page.getByTestId('member-phone').fill(NEW_MEMBER_PHONE);
    await page.getByTestId('member-phone-next').click();
    await page.locator('.ant-modal-confirm-title', { hasText: text('zh-CN', 'members.noAccount') }).waitFor();
    await page.getByTestId('member-create-account').click();
    await page.getByTestId('member-real-name').fill('林设备');
    await page.getByTestId('member-add-ok').click();
    await page.locator('.ant-form-item-explain-error', { hasText: requiredText('zh-CN', 'members.roles') }).waitFor();
    await page.getByTestId('member-roles').first().click();
    await page.locator('.ant-select-dropdown:visible').getByText(ROLE_NAME, { exact: true }).click();
    await page.keyboard.press('Escape');
    await pickArea(page, 'member-jurisdiction', ['广东省']);
    await saveScreenshot(page, 'organization-member-add');
    const memberAdded = page.waitForResponse((response) => response.url().includes(addMember.path));
    await page.getByTestId('member-add-ok').click();
    const memberAnswer = (await (await memberAdded).json()) as Envelope<CallResponse<typeof addMember>>;
    expect(memberAnswer.error_code).toBe(0);
    memberPassword = (await page.getByTestId('one-time-password').textContent()) ?? '';
    expect(memberPassword).toBe(memberAnswer.objectResult.password);
    await page.getByTestId('one-time-password-ok').click();
    await page.getByTestId('member-table').getByText(NEW_MEMBER_PHONE).waitFor();

    // The same phone again: it is a member already, so the console offers to edit its permissions.
    await page.getByTestId('member-add').click();
    await page.getByTestId('member-phone').fill(NEW_MEMBER_PHONE);
    await page.getByTestId('member-phone-next').click();
    await page.getByTestId('member-edit-existing').click();
    await page.locator('.ant-modal-title', { hasText: NEW_MEMBER_PHONE }).waitFor();
    await saveScreenshot(page, 'organization-members');
    await context.close();
  });

  it('the new member signs in and sees only the device menus of its role', async () => {
    expect(memberPassword).not.toBe('');
    const context = await newContext(env.browser);
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    const buttons = nextButtonList(page);
    await signInAsAUserWould(page, NEW_MEMBER_PHONE, { password: memberPassword });
    await waitForShell(page);
    const held = await buttons;
    expect(new Set(held)).toEqual(new Set(ROLE_BUTTONS));
    const shown = await shownMenuPaths(page);
    expect(shown).toEqual(['/company/deviceManage', '/company/deviceManage/devicesManage']);
    expect(shown).toEqual(flattenMenu(visibleMenu(new Set(held))).map((entry) => entry.path));
    // Without the dealer button the dealer pages are refused even by address.
    await page.goto(`${env.baseUrl}/#${DEALERS}`);
    await page.getByTestId('no-permission').waitFor();
    await context.close();
  });

  it('the parent company sees the new dealer in its tree; the sibling North China Distribution does not', async () => {
    expect(newDealerId).not.toBe('');
    const parent = await openSignedInAt(env.browser, env.baseUrl, OPERATOR, DEALERS, 'dealer-table');
    await tableRows(parent.page, 'dealer-table').filter({ hasText: NEW_DEALER.name }).waitFor();
    await saveScreenshot(parent.page, 'organization-dealers-parent');
    await parent.context.close();

    const sibling = await signInToCompany(env.browser, env.baseUrl, NORTH_MEMBER, 'North China Distribution');
    await openRoute(sibling.page, env.baseUrl, DEALERS, 'dealer-table');
    // Its own sub-dealer is listed (the list works for it) ...
    await tableRows(sibling.page, 'dealer-table').filter({ hasText: 'Beijing Installers' }).waitFor();
    await expect(tableRows(sibling.page, 'dealer-table').filter({ hasText: NEW_DEALER.name }).count()).resolves.toBe(0);
    // ... the new dealer is not found by name in its whole subtree ...
    await sibling.page.getByTestId('dealer-search-name').fill(NEW_DEALER.name);
    await sibling.page.getByTestId('dealer-search-submit').click();
    await sibling.page.getByTestId('dealer-table').getByText(text('zh-CN', 'dealers.empty')).waitFor();
    // ... nor opened by its id.
    await sibling.page.goto(`${env.baseUrl}/#${DEALERS}/dealersDetail/${newDealerId}`);
    await sibling.page.getByText(text('zh-CN', 'dealers.notFound')).waitFor();
    await saveScreenshot(sibling.page, 'organization-dealers-sibling');
    await sibling.context.close();
  });
});
