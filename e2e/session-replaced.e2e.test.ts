import { describe, expect, it } from 'vitest';
import { openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';

describe('one live session per account', () => {
  const env = useServerAndBrowser();

  it('tells the first browser once that the account logged in elsewhere and returns it to login', async () => {
    const { context: first, page: firstPage } = await openSignedIn(env.browser, env.baseUrl, '13900000002');
    const { context: second, page: secondPage } = await openSignedIn(env.browser, env.baseUrl, '13900000002');

    // The next action of the first browser calls the server with the replaced session.
    await firstPage.getByTestId('company-switcher').click();
    await firstPage.waitForURL(/#\/login/);
    const notice = firstPage
      .locator('.ant-message-notice')
      .filter({ hasText: text('zh-CN', 'error.loggedInElsewhere') });
    await notice.first().waitFor();
    await expect(notice.count()).resolves.toBe(1);
    await expect(firstPage.evaluate(() => sessionStorage.getItem('sessionid'))).resolves.toBeNull();

    // The second browser keeps working.
    await secondPage.getByTestId('notice-bell').click();
    await secondPage.getByTestId('notice-drawer').waitFor();
    expect(secondPage.url()).toMatch(/#\/company/);
    await first.close();
    await second.close();
  });
});
