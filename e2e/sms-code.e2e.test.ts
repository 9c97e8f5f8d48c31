import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser.ts';
import { openLogin, submitPasswordLogin, text, waitForShell } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { waitForToast } from './support/toasts.ts';

describe('SMS codes: forgotten password and code login', () => {
  // The demo SMS sender writes codes to the log at level info.
  const env = useServerAndBrowser({ logLevel: 'info' });

  it('resets the password with an SMS code, then signs in with the new one', async () => {
    const context = await newContext(env.browser);
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    await page.getByTestId('forget-link').click();
    await page.waitForURL(/#\/forgetPwd\?userType=dealer/);

    await page.getByTestId('forget-phone').fill('13900000004');
    const sendCode = page.getByTestId('send-code');
    await sendCode.click();
    await waitForToast(page, text('zh-CN', 'login.codeSent'));
    await expect.poll(() => sendCode.isDisabled()).toBe(true);
    await expect(sendCode.textContent()).resolves.toMatch(/1[12]\d/);
    await expect.poll(() => env.server.lastSmsCode()).not.toBeNull();

    await page.getByTestId('forget-code').fill(env.server.lastSmsCode() ?? '');
    await page.getByTestId('new-password').fill('Reset2026abc');
    await page.getByTestId('confirm-password').fill('Reset2026abc');
    await page.getByTestId('forget-submit').click();
    await page.waitForURL(/#\/login/);

    await page.getByTestId('login-account').waitFor();
    await submitPasswordLogin(page, '13900000004', 'Reset2026abc');
    await page.waitForURL(/#\/noCompany/);
    await context.close();
  });

  it('refuses a confirmation that differs, with the contract message', async () => {
    const context = await newContext(env.browser);
    const page = await context.newPage();
    await page.goto(`${env.baseUrl}/#/forgetPwd?userType=dealer`);
    await page.getByTestId('new-password').fill('Reset2026abc');
    await page.getByTestId('confirm-password').fill('Reset2026abd');
    await page.getByTestId('forget-submit').click();
    await page.getByText(text('zh-CN', 'validation.confirmPassword.mismatch')).waitFor();
    await context.close();
  });

  it('signs a merchant in with an SMS code', async () => {
    const context = await newContext(env.browser);
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    await page.getByRole('tab', { name: text('zh-CN', 'login.tab.code') }).click();
    await page.getByTestId('code-phone').fill('13900000002');
    const submit = page.getByTestId('code-submit');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    const before = env.server.lastSmsCode();
    await page.getByTestId('send-code').click();
    await waitForToast(page, text('zh-CN', 'login.codeSent'));
    await expect.poll(() => env.server.lastSmsCode()).not.toBe(before);
    await page.getByTestId('code-input').fill(env.server.lastSmsCode() ?? '');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await waitForShell(page);
    await context.close();
  });
});
