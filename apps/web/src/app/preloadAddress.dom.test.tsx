import { describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { preloadAddress } from './routes.tsx';

/**
 * A reload inside the console loads the address's page (its code and its catalogs) beside the shell's,
 * before the first render (main.tsx): once preloadAddress resolves, the page's texts are there. It asserts which
 * catalogs a first import has loaded, so it runs with modules of its own (@fresh-modules, vitest.config.ts).
 */
describe('preloadAddress', () => {
  it("loads the page of a console address with its catalogs, and nothing for an address outside the company's pages", async () => {
    await preloadAddress('#/login');
    expect(i18n.exists('accountLog.account')).toBe(false);
    expect(i18n.exists('devices.deviceCode')).toBe(false);

    await preloadAddress('#/company/logManage/accountLog?page=2');
    expect(i18n.exists('accountLog.account')).toBe(true);
    expect(i18n.exists('devices.deviceCode')).toBe(false);

    // A page under a menu entry (the device detail) is the entry's page.
    await preloadAddress('#/company/deviceManage/devicesManage/deviceDetail/5?tab=curve');
    expect(i18n.exists('devices.deviceCode')).toBe(true);
  }, 60_000);
});
