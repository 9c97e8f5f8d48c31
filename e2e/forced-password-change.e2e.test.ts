import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser.ts';
import { openLogin, submitPasswordLogin, text, waitForShell } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';

describe('forced password change', () => {
  const env = useServerAndBrowser();

  it('warns about a password over 90 days, allows only the change, then signs in with the new password', async () => {
    const context = await newContext(env.browser);
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    await submitPasswordLogin(page, '13900000005');

    const warning = page.getByText(text('zh-CN', 'login.passwordExpired'));
    await warning.first().waitFor();
    await page.getByRole('button', { name: /OK|确\s*定|知道了/ }).click();
    await page.waitForURL(/#\/forceUpdatePwd/);

    await page.getByTestId('old-password').fill('Demo@123456');
    await page.getByTestId('new-password').fill('Renewed2026abc');
    await page.getByTestId('confirm-password').fill('Renewed2026abc');
    await page.getByTestId('password-submit').click();
    await page.waitForURL(/#\/login/);

    await submitPasswordLogin(page, '13900000005', 'Renewed2026abc');
    await waitForShell(page);
    expect(page.url()).toMatch(/#\/company/);
    await context.close();
  });
});
