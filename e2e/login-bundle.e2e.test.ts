import { readdirSync, readFileSync } from 'node:fs';
import { ALL_CALLS, CLOUD_API, CRM_API, login } from '@dcc/contract';
import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser.ts';
import { openLogin, submitPasswordLogin } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { kb, recordTransfers, type Transfer } from './support/transfer.ts';

/** Issue 9: JavaScript transferred for /login, and for any one lazily loaded chunk. */
const LOGIN_JS_LIMIT = 250 * 1024;
const LAZY_CHUNK_LIMIT = 100 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ASSETS_DIR = new URL('../apps/web/dist/assets/', import.meta.url).pathname;

const fileName = (transfer: Transfer) => new URL(transfer.url).pathname.split('/').pop() ?? '';
const total = (transfers: Transfer[]) => transfers.reduce((sum, transfer) => sum + transfer.transferred, 0);
// The minified code keeps a call's path as `${prefix}/rest`; the rest followed by the closing backtick names one call.
const pathTail = (path: string) => `${path.replace(CLOUD_API, '').replace(CRM_API, '')}\``;
/** Calls behind a button are made on pages after sign-in: their definitions (zod schemas) belong in those pages' chunks. */
const callsAfterSignIn = ALL_CALLS.filter((call) => call.button !== null);

describe('what the browser receives for the console', () => {
  const env = useServerAndBrowser();

  it('/login: at most 250 KB of JavaScript transferred, brotli, hashed files immutable, index.html not cached, no company-area code', async () => {
    const context = await newContext(env.browser);
    const page = await context.newPage();
    const log = await recordTransfers(page);
    await openLogin(page, env.baseUrl);
    await page.waitForLoadState('networkidle');

    const scripts = log.ofType('Script');
    console.log(`/login: ${scripts.length} scripts, ${kb(total(scripts))} transferred`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total(scripts)).toBeLessThanOrEqual(LOGIN_JS_LIMIT);
    expect(scripts.map(fileName).filter((name) => /CompanyLayout|overview|notAvailable/.test(name))).toEqual([]);
    const code = scripts.map((script) => readFileSync(ASSETS_DIR + fileName(script), 'utf8')).join('\n');
    expect(callsAfterSignIn.filter((call) => code.includes(pathTail(call.path))).map((call) => call.path)).toEqual([]);
    for (const script of scripts) {
      expect(script.headers['cache-control'], script.url).toBe(IMMUTABLE);
      expect(script.headers.vary, script.url).toContain('accept-encoding');
    }
    // Every script worth compressing came compressed, as brotli (Chromium asks for br, gzip and more).
    const large = scripts.filter((script) => script.transferred > 3 * 1024);
    expect(large.length).toBeGreaterThan(0);
    expect(large.filter((script) => script.headers['content-encoding'] !== 'br').map(fileName)).toEqual([]);

    const documents = log.ofType('Document');
    expect(documents.map((document) => document.headers['cache-control'])).toEqual(['no-cache']);
    expect(documents.map((document) => document.headers['content-type'])).toEqual([
      expect.stringContaining('text/html'),
    ]);
    await context.close();
  });

  it('every other chunk is under 100 KB transferred', async () => {
    const context = await newContext(env.browser);
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    await page.waitForLoadState('networkidle');
    const log = await recordTransfers(page);
    const loaded = new Set(
      (await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))).map(
        (url) => new URL(url).pathname,
      ),
    );
    const lazy = readdirSync(ASSETS_DIR).filter((file) => file.endsWith('.js') && !loaded.has(`/assets/${file}`));
    expect(lazy.length).toBeGreaterThan(10);
    // Fetched by the page itself: the same server, the same Accept-Encoding as a lazy import.
    await page.evaluate(async (files) => {
      for (const file of files) await (await fetch(`./assets/${file}`)).arrayBuffer();
    }, lazy);
    const fetched = log.ofType('Fetch');
    expect(fetched.map(fileName).sort()).toEqual([...lazy].sort());
    const largest = [...fetched].sort((a, b) => b.transferred - a.transferred).slice(0, 3);
    console.log(
      `${fetched.length} lazy chunks, largest ${largest.map((chunk) => `${fileName(chunk)} ${kb(chunk.transferred)}`).join(', ')}`,
    );
    expect(fetched.filter((chunk) => chunk.transferred >= LAZY_CHUNK_LIMIT).map(fileName)).toEqual([]);
    for (const chunk of fetched) expect(chunk.headers['cache-control'], chunk.url).toBe(IMMUTABLE);
    await context.close();
  });

  it('a sign-in sends its call before the company code it fetches beside it (the call never queues behind the code)', async () => {
    const context = await newContext(env.browser);
    const page = await context.newPage();
    await openLogin(page, env.baseUrl);
    await page.waitForLoadState('networkidle');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await submitPasswordLogin(page, '13800000000');
    await page.getByTestId('side-menu').waitFor();
    const signIn = requested.indexOf(login.path);
    const firstCode = requested.findIndex((path) => /\/assets\/CompanyLayout-[^/]*\.js$/.test(path));
    expect(signIn).toBeGreaterThanOrEqual(0);
    expect(firstCode).toBeGreaterThanOrEqual(0);
    expect(signIn).toBeLessThan(firstCode);
    await context.close();
  });
});
