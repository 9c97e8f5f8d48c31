import { describe, expect, it } from 'vitest';
import type { ConsoleMessage, Page } from 'playwright-core';
import { login } from '@dcc/contract';
import { newContext } from './support/browser.ts';
import { assertCleanConsole, expectFailedRequest } from './support/consoleRule.ts';
import { openLogin, signInAsAUserWould, waitForShell } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';

// The suite's console rule itself: what it refuses, with which text, and the one allowance it has.
describe('the console rule', () => {
  const env = useServerAndBrowser();

  async function loginPage(): Promise<Page> {
    const page = await (await newContext(env.browser)).newPage();
    await openLogin(page, env.baseUrl);
    return page;
  }

  /** Resolves once the page's context reported a console message passing `accept` (after the rule saw it). */
  const logged = (page: Page, accept: (message: ConsoleMessage) => boolean) =>
    page.context().waitForEvent('console', { predicate: accept });

  async function fetchMissing(page: Page, file: string): Promise<void> {
    // Chromium reports the failed load on the console a moment after the answer.
    const reported = logged(
      page,
      (message) => message.text().startsWith('Failed to load resource') && message.location().url.includes(file),
    );
    await page.evaluate(async (url) => void (await fetch(url)), `${env.baseUrl}/assets/${file}`);
    await reported;
  }

  it('refuses a console error, a console warning and an uncaught page error, naming each', async () => {
    const page = await loginPage();
    const context = page.context();
    const reported = Promise.all([
      logged(page, (message) => message.text() === 'an error on purpose'),
      logged(page, (message) => message.text() === 'a warning on purpose'),
      logged(page, (message) => message.text().startsWith('unhandled rejection of')),
      context.waitForEvent('weberror', { predicate: (error) => error.error().message === 'thrown on purpose' }),
      context.waitForEvent('weberror', { predicate: (error) => error.error().message !== 'thrown on purpose' }),
    ]);
    await page.evaluate(() => {
      console.error('an error on purpose');
      console.warn('a warning on purpose');
      setTimeout(() => {
        throw new Error('thrown on purpose');
      });
      void Promise.reject({ errorFields: [] });
    });
    await reported;
    await page.context().close();
    const failure = (() => {
      try {
        assertCleanConsole();
        return '';
      } catch (error) {
        return String(error);
      }
    })();
    expect(failure).toContain('console error: an error on purpose');
    expect(failure).toContain('console warning: a warning on purpose');
    expect(failure).toContain('page error: Error: thrown on purpose');
    expect(failure).toContain('page error: uncaught Object, thrown or rejected as a value that is not an Error');
    // What was reported is forgotten: the next check starts clean.
    expect(assertCleanConsole).not.toThrow();
  });

  it('names the content of a rejected value that is not an Error', async () => {
    const page = await loginPage();
    const reported = logged(page, (message) => message.text().startsWith('unhandled rejection of'));
    await page.evaluate(() => void Promise.reject({ errorFields: [{ name: ['phone'] }] }));
    await reported;
    await page.context().close();
    expect(assertCleanConsole).toThrow(
      /console error: unhandled rejection of \{"errorFields":\[\{"name":\["phone"\]\}\]\}/,
    );
  });

  it('refuses a failed request nobody expected, with its URL', async () => {
    const page = await loginPage();
    await fetchMissing(page, 'unexpected.js');
    await page.context().close();
    expect(assertCleanConsole).toThrow(/status of 404[\s\S]*assets\/unexpected\.js/);
  });

  it('lets pass only the failed request the test names, with its status', async () => {
    const page = await loginPage();
    expectFailedRequest('/assets/expected.js', 404);
    await fetchMissing(page, 'expected.js');
    expect(assertCleanConsole).not.toThrow();
    expectFailedRequest('/assets/expected.js', 400);
    await fetchMissing(page, 'expected.js');
    await page.context().close();
    expect(assertCleanConsole).toThrow(/assets\/expected\.js/);
  });

  it('signInAsAUserWould submits a sign-in again when the console gave up on it at its timeout, and lets pass only that abort', async () => {
    // The first sign-in is held until the console gives up on it at its request timeout; the next one is answered.
    let delayed = 0;
    const context = await newContext(env.browser);
    await context.route(`**${login.path}*`, async (route) => {
      if ((delayed += 1) === 1)
        await context.waitForEvent('requestfailed', {
          predicate: (request) => request === route.request(),
          timeout: 0,
        });
      await route.continue().catch(() => undefined);
    });
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    await signInAsAUserWould(page, '13800000000');
    await waitForShell(page);
    expect(delayed).toBe(2);
    expect(page.url()).toMatch(/#\/company/);
    expect(assertCleanConsole).not.toThrow();
    // Any other aborted request is still refused.
    await page.evaluate(async () => {
      const controller = new AbortController();
      const asked = fetch('/cloudservice/api/notice/selectAll', { signal: controller.signal });
      controller.abort();
      await asked.catch((error: unknown) =>
        console.error('Request to /cloudservice/api/notice/selectAll failed', error),
      );
    });
    await context.close();
    expect(assertCleanConsole).toThrow(/notice\/selectAll failed AbortError/);
  });

  it('passes a page that logs nothing', async () => {
    const page = await loginPage();
    await page.context().close();
    expect(assertCleanConsole).not.toThrow();
  });
});
