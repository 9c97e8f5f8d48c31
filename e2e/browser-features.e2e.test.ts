import { describe, expect, it } from 'vitest';
import { browserForFile, newContext } from './support/browser.ts';
import { UNUSED_CHROMIUM_FEATURES, withUnusedFeaturesOff } from './support/browserFeatures.ts';

describe("the suite's Chromium", () => {
  it('renders no address-bar popup of its own beside the pages under test', async () => {
    const browser = await browserForFile();
    const context = await newContext(browser);
    await (await context.newPage()).goto('about:blank');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    await session.detach();
    await context.close();
    expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://'))).toEqual([]);
  });

  it("keeps the features Playwright disables off beside the suite's own", async () => {
    const options = await withUnusedFeaturesOff({ executablePath: '/usr/bin/chromium', args: ['--headless'] });
    const featuresOf = (argument = '') => argument.replace('--disable-features=', '').split(',');
    const [playwrightSwitch] = options.ignoreDefaultArgs as string[];
    const ours = featuresOf(options.args?.find((argument) => argument.startsWith('--disable-features=')));
    expect(featuresOf(playwrightSwitch)).toContain('PaintHolding');
    for (const feature of [...featuresOf(playwrightSwitch), ...UNUSED_CHROMIUM_FEATURES])
      expect(ours).toContain(feature);
  });
});
