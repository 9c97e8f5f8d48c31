import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext } from './support/browser.ts';
import { openLogin, requiredText, submitPasswordLogin, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { waitForToast } from './support/toasts.ts';

describe('sign-in paths', () => {
  const env = useServerAndBrowser();

  async function loginPage(): Promise<Page> {
    const context = await newContext(env.browser);
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    return page;
  }

  it('warns about an empty or malformed phone and keeps the button disabled until both fields are filled', async () => {
    const page = await loginPage();
    const submit = page.getByTestId('login-submit');
    await page.getByTestId('login-account').fill('12345');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await page.getByTestId('login-password').fill('x');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await page.getByText(text('zh-CN', 'validation.phone.format')).waitFor();
    await page.getByTestId('login-account').fill('');
    await page.getByTestId('login-password').click();
    await page.getByText(requiredText('zh-CN', 'login.phonePlaceholder')).waitFor();
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await page.context().close();
  });

  it('offers the SMS-code tab only for the merchant identity', async () => {
    const page = await loginPage();
    const codeTab = page.getByRole('tab', { name: text('zh-CN', 'login.tab.code') });
    await expect(codeTab.count()).resolves.toBe(1);
    await page.getByTestId('identity-switch').getByText(text('zh-CN', 'login.identity.user')).click();
    await expect.poll(() => codeTab.count()).toBe(0);
    await page.context().close();
  });

  it('shows the account chooser when two accounts share the phone', async () => {
    const page = await loginPage();
    await submitPasswordLogin(page, '13900000003');
    const chooser = page.getByTestId('account-chooser');
    await chooser.waitFor();
    expect(await chooser.getByTestId('account-option').count()).toBe(2);
    await chooser.getByTestId('account-option').first().getByRole('button').click();
    await page.waitForFunction(() => sessionStorage.getItem('sessionid') !== null);
    await page.context().close();
  });

  it('asks an end customer to switch to user login, and user login leads to the no-company page', async () => {
    const page = await loginPage();
    await submitPasswordLogin(page, '13700000001');
    await waitForToast(page, text('zh-CN', 'login.switchToUser'));
    await expect(page.url()).toMatch(/#\/login/);

    await page.getByTestId('identity-switch').getByText(text('zh-CN', 'login.identity.user')).click();
    await waitForToast(
      page,
      text('zh-CN', 'login.identitySwitched').replace('{{identity}}', text('zh-CN', 'login.identity.user')),
    );
    await submitPasswordLogin(page, '13700000001');
    await page.waitForURL(/#\/noCompany/);
    await expect(page.getByTestId('no-company').textContent()).resolves.toBe(text('zh-CN', 'noCompany.text'));
    await page.getByTestId('no-company-back').click();
    await page.waitForURL(/#\/login/);
    await page.context().close();
  });

  it('sends a dealer account of no company to the no-company page', async () => {
    const page = await loginPage();
    await submitPasswordLogin(page, '13900000004');
    await page.waitForURL(/#\/noCompany/);
    await page.getByTestId('no-company').waitFor();
    await page.context().close();
  });

  it('sends visitors without a session from a company page to the login page', async () => {
    const page = await loginPage();
    await page.goto(`${env.baseUrl}/#/company/deviceManage`);
    await page.waitForURL(/#\/login/);
    await page.context().close();
  });

  it('takes the language from the browser and remembers the one chosen', async () => {
    const context = await newContext(env.browser, 'en-US');
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    await page.getByText(text('en-US', 'login.tab.account')).waitFor();
    await page.getByText('中文', { exact: true }).click();
    await page.getByText(text('zh-CN', 'login.tab.account')).waitFor();
    await page.reload();
    await page.getByText(text('zh-CN', 'login.tab.account')).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('language'))).resolves.toBe('zh-CN');
    await context.close();
  });
});
