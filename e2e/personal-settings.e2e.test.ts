import { describe, expect, it } from 'vitest';
import { openSignedIn, signInAsAUserWould, text, waitForShell } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { waitForToast } from './support/toasts.ts';

// The smallest valid PNG: 1x1 transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('account settings', () => {
  const env = useServerAndBrowser();

  it('changes name and avatar, shown in the header, and changes the password', async () => {
    const { context, page } = await openSignedIn(env.browser, env.baseUrl, '13900000002');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('account-settings').click();
    await page.waitForURL(/#\/company\/personalSetting/);
    const name = page.getByTestId('real-name');
    await expect.poll(() => name.inputValue()).not.toBe('');
    await name.fill('Zhang San');
    await page.locator('input[type="file"]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() => page.getByTestId('avatar').locator('img').getAttribute('src'))
      .toMatch(/^\/uploads\/.+\.png\?expires=\d+&sig=[\w-]+$/);
    await page.getByTestId('email').fill('not-an-email');
    await page.getByTestId('profile-submit').click();
    await page.getByText(text('zh-CN', 'validation.email.format')).waitFor();
    await page.getByTestId('email').fill('');
    await page.getByTestId('profile-submit').click();
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('Zhang San');
    await expect.poll(() => page.getByTestId('user-menu').locator('img').getAttribute('src')).toMatch(/^\/uploads\//);

    await page.getByRole('tab', { name: text('zh-CN', 'settings.password') }).click();
    await page.getByTestId('old-password').fill('Demo@123456');
    await page.getByTestId('new-password').fill('Changed2026xyz');
    await page.getByTestId('confirm-password').fill('Changed2026xyz');
    await page.getByTestId('password-submit').click();
    await waitForToast(page, text('zh-CN', 'password.changed'));

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-account').waitFor();
    await signInAsAUserWould(page, '13900000002', { password: 'Changed2026xyz' });
    await waitForShell(page);
    await context.close();
  });
});
