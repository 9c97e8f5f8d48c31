import { describe, expect, it } from 'vitest';
import { openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { shownToasts, waitForToast } from './support/toasts.ts';

describe('one live session per account', () => {
  const env = useServerAndBrowser();

  it('tells the first browser once that the account logged in elsewhere and returns it to login', async () => {
    const { context: first, page: firstPage } = await openSignedIn(env.browser, env.baseUrl, '13900000002');
    const { context: second, page: secondPage } = await openSignedIn(env.browser, env.baseUrl, '13900000002');

    // The first browser learns of the replaced session from the user's next click, unless its page learnt first (a read
    // still loading on a loaded machine, or the live stream's end at the server's session check) and left nothing to click.
    const toLogin = firstPage.waitForURL(/#\/login/);
    void firstPage
      .getByTestId('company-switcher')
      .click()
      .catch(() => undefined);
    await toLogin;
    const elsewhere = text('zh-CN', 'error.loggedInElsewhere');
    await waitForToast(firstPage, elsewhere);
    expect((await shownToasts(firstPage)).filter((shown) => shown.includes(elsewhere))).toHaveLength(1);
    await expect(firstPage.evaluate(() => sessionStorage.getItem('sessionid'))).resolves.toBeNull();

    // The second browser keeps working.
    await secondPage.getByTestId('notice-bell').click();
    await secondPage.getByTestId('notice-drawer').waitFor();
    expect(secondPage.url()).toMatch(/#\/company/);
    await first.close();
    await second.close();
  });
});
