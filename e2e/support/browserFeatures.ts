import { chromium, type LaunchOptions } from 'playwright-core';

/**
 * Chromium's own features the suite turns off: since Chromium 151 every new window pre-renders the address bar's popup
 * (chrome://omnibox-popup.top-chrome, two WebUI pages), headless too, and every browser context of a test opens a
 * window: 0.36-0.43 CPU-s of Chromium per context with it, 0.18 without (docs/PERFORMANCE.md).
 */
export const UNUSED_CHROMIUM_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const DISABLE_FEATURES = '--disable-features=';

/**
 * The launch options that disable UNUSED_CHROMIUM_FEATURES beside the features Playwright itself disables. Chromium
 * honours only the last --disable-features switch, so ours replaces Playwright's with the union of both; Playwright's
 * list is read off a short probe launch (Chromium answers its command line only under --enable-automation), so it
 * follows Playwright's upgrades.
 */
export async function withUnusedFeaturesOff(options: LaunchOptions): Promise<LaunchOptions> {
  const defaults = await (playwrightSwitch ??= readPlaywrightFeatureSwitch(options));
  const disabled = new Set([
    ...(defaults?.slice(DISABLE_FEATURES.length).split(',') ?? []),
    ...UNUSED_CHROMIUM_FEATURES,
  ]);
  return {
    ...options,
    ignoreDefaultArgs: defaults ? [defaults] : undefined,
    args: [...(options.args ?? []), `${DISABLE_FEATURES}${[...disabled].filter(Boolean).join(',')}`],
  };
}

let playwrightSwitch: Promise<string | undefined> | undefined;

async function readPlaywrightFeatureSwitch(options: LaunchOptions): Promise<string | undefined> {
  const probe = await chromium.launch({ ...options, args: [...(options.args ?? []), '--enable-automation'] });
  try {
    const session = await probe.newBrowserCDPSession();
    const { arguments: commandLine } = await session.send('Browser.getBrowserCommandLine');
    return commandLine.find((argument) => argument.startsWith(DISABLE_FEATURES));
  } finally {
    await probe.close();
  }
}
