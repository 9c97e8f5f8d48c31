import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { watchBrowser } from './consoleRule.ts';
import { withUnusedFeaturesOff } from './browserFeatures.ts';

const SCREENSHOT_DIR = new URL('../../test-results/screenshots/', import.meta.url).pathname;

/** The browser the suite drives: CHROMIUM_PATH when set (README), Debian's Chromium otherwise. */
export const chromiumPath = (env: NodeJS.ProcessEnv = process.env): string => env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Chromium, headless, without the features of its own it would spend CPU on (browserFeatures.ts); never a downloaded browser. Every context it opens is under the console rule (consoleRule.ts). */
export async function launchBrowser(): Promise<Browser> {
  const options = await withUnusedFeaturesOff({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return watchBrowser(await chromium.launch(options));
}

/**
 * The Chromium of this vitest worker, launched by its first file and kept for the next ones (the e2e project does
 * not isolate its files): each file and test opens browser contexts of its own, each a fresh profile with its own
 * cookies, storage and cache, and every file closes what it left open (closeContexts). A browser that has gone
 * away (a crash) is launched again. It ends with the worker: Playwright closes it when the worker is told to stop.
 */
let workerBrowser: Promise<Browser> | undefined;

export async function browserForFile(): Promise<Browser> {
  const current = await workerBrowser?.catch(() => undefined);
  if (current?.isConnected()) return current;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/** Closes the contexts a file left open in the worker's browser, so that the next file starts with none. */
export async function closeContexts(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()));
}

/** A wide screen: the side menu starts open (it collapses by itself under 1850 px). */
export const WIDE_SCREEN = { width: 1920, height: 1080 };

/** A fresh browser profile: wide screen, Chinese browser language unless told otherwise (and other `options`, e.g. a time zone). */
export function newContext(
  browser: Browser,
  locale = 'zh-CN',
  viewport = WIDE_SCREEN,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ ...options, viewport, locale });
}

/** Saves a full-page screenshot as a test artifact (test-results/screenshots, gitignored). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage: true });
}
