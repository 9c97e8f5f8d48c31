import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser.ts';
import { openLogin, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';

describe('the document', () => {
  const env = useServerAndBrowser();

  it('sets plain text outside antd in the theme font, not a serif fallback (en-US)', async () => {
    const page = await (await newContext(env.browser, 'en-US')).newPage();
    await openLogin(page, env.baseUrl);
    const tagline = page.getByText(text('en-US', 'login.tagline'));
    const plainFont = await tagline.evaluate((node) =>
      node.closest('.ant-btn, [class*="ant-"]') ? 'inside antd' : getComputedStyle(node).fontFamily,
    );
    const antdFont = await page.getByTestId('login-submit').evaluate((node) => getComputedStyle(node).fontFamily);
    expect(plainFont).toBe(antdFont);
    expect(plainFont.replaceAll('sans-serif', '')).not.toMatch(/serif|Times/i);
    await page.context().close();
  });

  it('answers /favicon.ico with the built icon, which index.html names', async () => {
    const answer = await fetch(`${env.baseUrl}/favicon.ico`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^image\//);
    const page = await (await newContext(env.browser)).newPage();
    await openLogin(page, env.baseUrl);
    await expect(page.locator('link[rel="icon"]').getAttribute('href')).resolves.toBe('./favicon.ico');
    await page.context().close();
  });
});
