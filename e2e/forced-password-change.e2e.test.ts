import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser.ts';
import type { Locale } from '@dcc/contract';
import { DEMO_PASSWORD, openLogin, signInAsAUserWould, text, waitForShell } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';

describe('forced password change', () => {
  const env = useServerAndBrowser();

  for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
    it(`${locale}: marks all three fields required, refuses the current password as the new one, and can sign out`, async () => {
      const context = await newContext(env.browser, locale);
      const page = await context.newPage();
      await openLogin(page, env.baseUrl);
      await signInAsAUserWould(page, '13900000005', {
        arrived: () => page.getByText(text(locale, 'login.passwordExpired')).first().waitFor(),
      });
      await page.getByRole('button', { name: /OK|确\s*定|知道了/ }).click();
      await page.waitForURL(/#\/forceUpdatePwd/);

      const form = page.getByTestId('password-form');
      await page.getByTestId('old-password').waitFor();
      await expect(form.locator('label.ant-form-item-required').count()).resolves.toBe(3);
      await page.getByTestId('old-password').fill(DEMO_PASSWORD);
      await page.getByTestId('new-password').fill(DEMO_PASSWORD);
      await page.getByTestId('confirm-password').fill(DEMO_PASSWORD);
      await page.getByTestId('password-submit').click();
      await form
        .locator('.ant-form-item-explain-error', { hasText: text(locale, 'error.newPasswordIsCurrent') })
        .waitFor();
      expect(page.url()).toMatch(/#\/forceUpdatePwd/);

      await page.getByTestId('force-sign-out').click();
      await page.waitForURL(/#\/login/);
      await page.getByTestId('login-account').waitFor();
      await context.close();
    });
  }

  it('warns about a password over 90 days, allows only the change, then signs in with the new password', async () => {
    const context = await newContext(env.browser);
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    await signInAsAUserWould(page, '13900000005', {
      arrived: () => page.getByText(text('zh-CN', 'login.passwordExpired')).first().waitFor(),
    });

    const warning = page.getByText(text('zh-CN', 'login.passwordExpired'));
    await warning.first().waitFor();
    await page.getByRole('button', { name: /OK|确\s*定|知道了/ }).click();
    await page.waitForURL(/#\/forceUpdatePwd/);

    await page.getByTestId('old-password').fill('Demo@123456');
    await page.getByTestId('new-password').fill('Renewed2026abc');
    await page.getByTestId('confirm-password').fill('Renewed2026abc');
    await page.getByTestId('password-submit').click();
    await page.waitForURL(/#\/login/);

    await signInAsAUserWould(page, '13900000005', { password: 'Renewed2026abc' });
    await waitForShell(page);
    expect(page.url()).toMatch(/#\/company/);
    await context.close();
  });
});
