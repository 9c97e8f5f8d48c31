import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser.ts';
import { openLogin } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';

const LOGIN_JS_LIMIT = 300 * 1024;

describe('JavaScript of the login page', () => {
  const env = useServerAndBrowser();

  it('stays within 300 KB gzipped and loads no company-area code', async () => {
    const context = await newContext(env.browser);
    const page = await context.newPage();
    const scripts: Promise<{ url: string; gzipped: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.body().then((body) => ({ url: response.url(), gzipped: gzipSync(body, { level: 9 }).length })));
    });
    await openLogin(page, env.baseUrl);
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    const total = loaded.reduce((sum, script) => sum + script.gzipped, 0);
    console.log(`/login loaded ${loaded.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(loaded.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(LOGIN_JS_LIMIT);
    expect(loaded.filter((script) => /CompanyLayout|overview|notAvailable/.test(script.url))).toEqual([]);
    await context.close();
  });
});
