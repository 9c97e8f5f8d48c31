import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { listEngineers } from '@dcc/contract';
import { pngImage } from './organization-support.ts';
import { newContext, saveScreenshot } from './support/browser.ts';
import { openLogin, openMenuPage, openSignedIn, requiredText, submitPasswordLogin, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { POLL } from './support/waits.ts';
import { waitForToast } from './support/toasts.ts';

const DEPARTMENT = { code: 'E2E-PDA-01', name: '浏览器测试部门', base: '佛山顺德生产基地' };
const PDA_USER = { userName: 'e2e_pda_01', realName: '测试员甲' };
const CUSTOMER = { userName: '浏览器测试客户', phone: '13766660001', password: 'Customer2026' };
// The machine is shared and busy: give a list refresh more than vitest's default second.
const ENGINEER = { name: 'E2E Engineer', phone: '13766660002', password: 'Engineer2026' };

/** Clicks a row's confirmed action and its visible confirm button. */
async function confirmRowAction(row: Locator, action: string): Promise<void> {
  await row.getByTestId(action).click();
  await row.page().getByTestId(`${action}-confirm`).filter({ visible: true }).click();
}

/** Chooses a status in the account list's search form and searches. */
async function filterByStatus(page: Page, statusKey: string): Promise<void> {
  await page.getByTestId('search-locked').click();
  await page.locator('.ant-select-item-option', { hasText: text('zh-CN', statusKey) }).click();
  await page.getByTestId('customer-table-search-submit').click();
}

/** Signs in with the user identity (end customer) on a fresh login page. */
async function customerLogin(page: Page, baseUrl: string): Promise<void> {
  await openLogin(page, baseUrl);
  await page.getByTestId('identity-switch').getByText(text('zh-CN', 'login.identity.user')).click();
  await submitPasswordLogin(page, CUSTOMER.phone, CUSTOMER.password);
}

describe('people records (departments, PDA users, end customers, account log)', () => {
  const env = useServerAndBrowser();

  it('creates a department, a PDA user in it and a customer; locking refuses the customer sign-in; the account log shows it', async () => {
    const { context, page } = await openSignedIn(env.browser, env.baseUrl, '13800000000');
    try {
      await operatorJourney(page);
    } catch (error) {
      await saveScreenshot(page, 'people-records-failure');
      throw error;
    }
    await context.close();
  });

  async function operatorJourney(page: Page): Promise<void> {
    const departments = await openMenuPage(
      page,
      '/company/dealerManage',
      '/company/dealerManage/departmentManage',
      'department-table',
    );
    await page.getByTestId('department-add').click();
    // The contract's rules run in the console, with the server's messages.
    await page.getByTestId('department-form-ok').click();
    await page.getByText(requiredText('zh-CN', 'departments.code')).waitFor();
    await page.getByTestId('department-code').fill('编码 1');
    await page.getByText(text('zh-CN', 'people.validation.departmentCode.format')).waitFor();
    await page.getByTestId('department-code').fill(DEPARTMENT.code);
    await page.getByTestId('department-name').fill(DEPARTMENT.name);
    await page.getByTestId('department-productionBase').fill(DEPARTMENT.base);
    await page.getByTestId('department-form-ok').click();
    const departmentRow = departments.locator('tr.ant-table-row', { hasText: DEPARTMENT.code });
    await departmentRow.waitFor();
    await expect(departmentRow.textContent()).resolves.toContain(DEPARTMENT.base);
    await saveScreenshot(page, 'people-records-departments');

    const pdaUsers = await openMenuPage(
      page,
      '/company/dealerManage',
      '/company/dealerManage/pdaUserManage',
      'pda-user-table',
    );
    await page.getByTestId('pda-user-add').click();
    await page.getByTestId('pda-user-userName').fill(PDA_USER.userName);
    await page.getByTestId('pda-user-realName').fill(PDA_USER.realName);
    await page.getByTestId('new-password').fill('short1');
    await page.getByText(text('zh-CN', 'validation.password.format')).waitFor();
    await page.getByTestId('new-password').fill('PdaUser2026');
    await page.getByTestId('confirm-password').fill('PdaUser2026');
    await page.getByTestId('pda-user-department').click();
    await page.locator('.ant-select-item-option', { hasText: DEPARTMENT.code }).click();
    await page.getByTestId('pda-user-form-ok').click();
    const pdaRow = pdaUsers.locator('tr.ant-table-row', { hasText: PDA_USER.userName });
    await pdaRow.waitFor();
    await expect(pdaRow.textContent()).resolves.toContain(DEPARTMENT.name);

    const customers = await openMenuPage(
      page,
      '/company/dealerManage',
      '/company/dealerManage/customerManage',
      'customer-table',
    );
    await page.getByTestId('customer-add').click();
    await page.getByTestId('customer-userName').fill(CUSTOMER.userName);
    await page.getByTestId('customer-phone').fill('12345');
    await page.getByText(text('zh-CN', 'validation.phone.format')).waitFor();
    await page.getByTestId('customer-phone').fill(CUSTOMER.phone);
    await page.getByTestId('new-password').fill(CUSTOMER.password);
    await page.getByTestId('confirm-password').fill(CUSTOMER.password);
    await page
      .getByTestId('customer-form')
      .locator('input[type=file]')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: pngImage(48, 48, [250, 140, 22]) });
    await page.getByTestId('customer-avatar-image').locator('img').waitFor();
    await page.getByTestId('customer-form-ok').click();
    const customerRow = customers.locator('tr.ant-table-row', { hasText: CUSTOMER.phone });
    await customerRow.waitFor();
    await expect(customerRow.locator('.ant-avatar img').getAttribute('src')).resolves.toMatch(
      /^\/uploads\/[0-9a-f-]+\.png\?expires=\d+&sig=[\w-]+$/,
    );

    // Search by phone narrows the list to the new customer.
    await page.getByTestId('customer-search-phone').fill(CUSTOMER.phone);
    await page.getByTestId('customer-search-phone').press('Enter');
    await expect.poll(() => customers.locator('tr.ant-table-row').count(), POLL).toBe(1);

    await confirmRowAction(customerRow, 'row-lock');
    await customerRow.getByText(text('zh-CN', 'list.statusLocked')).waitFor();
    // The status filter finds it among the locked accounts, not among the normal ones.
    await filterByStatus(page, 'list.statusNormal');
    await expect.poll(() => customers.locator('tr.ant-table-row').count(), POLL).toBe(0);
    await filterByStatus(page, 'list.statusLocked');
    await expect.poll(() => customers.locator('tr.ant-table-row').count(), POLL).toBe(1);
    await filterByStatus(page, 'list.statusAll');
    await saveScreenshot(page, 'people-records-customer-locked');

    const customerContext = await newContext(env.browser);
    const customerPage = await customerContext.newPage();
    await customerLogin(customerPage, env.baseUrl);
    await waitForToast(customerPage, text('zh-CN', 'error.accountLocked'));
    await expect(customerPage.url()).toMatch(/#\/login/);
    await saveScreenshot(customerPage, 'people-records-locked-login');

    await confirmRowAction(customerRow, 'row-unlock');
    await customerRow.getByText(text('zh-CN', 'list.statusNormal')).waitFor();
    await customerLogin(customerPage, env.baseUrl);
    // A customer belongs to no enterprise: a working sign-in ends on the no-company page.
    await customerPage.waitForURL(/#\/noCompany/);
    await customerContext.close();

    const accountLog = await openMenuPage(
      page,
      '/company/logManage',
      '/company/logManage/accountLog',
      'account-log-table',
    );
    await page.getByTestId('account-log-search-account').fill(CUSTOMER.phone);
    await page.getByTestId('account-log-search-account').press('Enter');
    // The actions of the rows, once every row shown is about the customer (the search has applied).
    const customerActions = async (): Promise<string[]> => {
      const rows = await accountLog.locator('tr.ant-table-row').allTextContents();
      return rows.length > 0 && rows.every((row) => row.includes(CUSTOMER.phone))
        ? accountLog.locator('tr.ant-table-row .ant-tag').allTextContents()
        : [];
    };
    const actionLabel = (action: 'lock' | 'unlock' | 'signIn') => text('zh-CN', `people.action.${action}`);
    const [lock, unlock, signIn] = [actionLabel('lock'), actionLabel('unlock'), actionLabel('signIn')];
    await expect.poll(customerActions, POLL).toEqual(expect.arrayContaining([lock, unlock, signIn]));
    // Newest first: the successful sign-in after the unlock heads the list, then the unlock, then the lock.
    const shown = await customerActions();
    expect(shown[0]).toBe(signIn);
    expect(shown.indexOf(unlock)).toBeLessThan(shown.lastIndexOf(lock));
    await saveScreenshot(page, 'people-records-account-log');

    // The department still holds the PDA user: the server refuses and the console shows why.
    const departmentsAgain = await openMenuPage(
      page,
      '/company/dealerManage',
      '/company/dealerManage/departmentManage',
      'department-table',
    );
    const inUse = departmentsAgain.locator('tr.ant-table-row', { hasText: DEPARTMENT.code });
    await confirmRowAction(inUse, 'row-delete');
    await waitForToast(page, text('zh-CN', 'people.error.departmentInUse').replace('{{count}}', '1'));
    await expect(inUse.count()).resolves.toBe(1);
    await saveScreenshot(page, 'people-records-department-in-use');
  }

  it('in English: adds an engineer with the contract rules, sorts on the server, keeps the sort on reload and resets a password', async () => {
    const { context, page } = await openSignedIn(env.browser, env.baseUrl, '13800000000');
    try {
      const engineers = await openMenuPage(
        page,
        '/company/dealerManage',
        '/company/dealerManage/engineerManage',
        'engineer-table',
      );
      // The open page follows the language switch.
      await page.getByText('English', { exact: true }).click();
      await page.getByTestId('engineer-add').getByText(text('en-US', 'engineers.add')).waitFor();
      await page.getByTestId('engineer-add').click();
      await page.getByTestId('engineer-name').fill(ENGINEER.name);
      await page.getByTestId('engineer-phone').fill(ENGINEER.phone);
      await page.getByTestId('new-password').fill(ENGINEER.password);
      await page.getByTestId('confirm-password').fill(`${ENGINEER.password}x`);
      await page.getByTestId('engineer-email').fill('not-an-email');
      await page.getByTestId('engineer-form-ok').click();
      await page.getByText(text('en-US', 'validation.confirmPassword.mismatch')).waitFor();
      await page.getByText(text('en-US', 'validation.email.format')).waitFor();
      await page.getByTestId('confirm-password').fill(ENGINEER.password);
      await page.getByTestId('engineer-email').fill('e2e.engineer@example.com');
      await page.getByTestId('engineer-form-ok').click();
      const row = engineers.locator('tr.ant-table-row', { hasText: ENGINEER.phone });
      await row.waitFor();

      const sorted = page.waitForResponse(
        (response) =>
          response.url().includes(listEngineers.path) &&
          (response.request().postData() ?? '').includes('"sortField":"name"'),
      );
      await engineers.locator('th', { hasText: text('en-US', 'engineers.name') }).click();
      const request = JSON.parse((await sorted).request().postData() ?? '{}') as {
        sortField?: string;
        sortOrder?: string;
      };
      expect(request).toMatchObject({ sortField: 'name', sortOrder: 'ascend' });
      // The sort is remembered for this list until another menu entry opens.
      await page.reload();
      await expect.poll(() => engineers.locator('th[aria-sort]').getAttribute('aria-sort'), POLL).toBe('ascending');

      await row.getByTestId('row-reset-password').click();
      await page.getByTestId('reset-password-form').getByTestId('new-password').fill('Renewed2026');
      await page.getByTestId('reset-password-form').getByTestId('confirm-password').fill('Renewed2026');
      await page.getByTestId('reset-password-form-ok').click();
      await page.getByText(text('en-US', 'list.passwordReset')).waitFor();
      await saveScreenshot(page, 'people-records-engineers-en');
    } catch (error) {
      await saveScreenshot(page, 'people-records-failure-en');
      throw error;
    }
    await context.close();
  });
});
