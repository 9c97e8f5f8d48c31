import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REQUIRED_PHOTO_GROUPS, type Locale } from '@dcc/contract';
import { choose } from './catalog-support.ts';
import { pngImage } from './organization-support.ts';
import { saveScreenshot } from './support/browser.ts';
import { openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { POLL } from './support/waits.ts';

/**
 * The add-project form with no internet (issue 21: the machines and some customers have none), in both
 * languages: every request of the browser to another origin than the console's fails, and is recorded. The
 * location is picked on the offline map of China's provinces that the console carries (its note shown), the
 * picked degrees fill the typed fields, and the project is saved with them; no request left the console.
 */
const OPERATOR = '13800000000';
const PROJECT: Record<Locale, string> = { 'zh-CN': '离线地图选点工程', 'en-US': 'Offline map pick' };

describe('the add-project form without the internet', () => {
  const env = useServerAndBrowser();

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: picks the location on the offline map and saves the project, asking nothing of the internet`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      const consoleOrigin = new URL(env.baseUrl).origin;
      const outside: string[] = [];
      await context.route(
        (url) => url.origin !== consoleOrigin && url.protocol !== 'data:' && url.protocol !== 'blob:',
        (route) => {
          outside.push(route.request().url());
          return route.abort('internetdisconnected');
        },
      );
      try {
        await addWithMap(page, locale);
      } catch (error) {
        await saveScreenshot(page, `projects-offline-map-${locale}`);
        throw error;
      }
      expect(outside).toEqual([]);
      await context.close();
    }, 300_000);
  }

  async function addWithMap(page: Page, locale: Locale) {
    const t = (key: string) => text(locale, key);
    await page.goto(`${env.baseUrl}/#/company/projectManage/projectsManage`);
    await page.getByTestId('project-table').waitFor();
    await page.getByTestId('project-add').click();
    await page.getByTestId('project-form').waitFor();

    await page.getByTestId('project-map-open').click();
    expect(await page.getByTestId('project-map-note').innerText()).toBe(t('projectsPage.map.note'));
    const map = page.getByTestId('project-map');
    await map.and(page.locator('[data-drawn="true"]')).waitFor({ timeout: POLL.timeout });
    expect(await page.getByTestId('project-map-picked').innerText()).toBe(t('projectsPage.map.none'));
    // The middle of the map is inside China.
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const picked = page.getByTestId('project-map-picked');
    await expect.poll(() => picked.innerText(), POLL).not.toBe(t('projectsPage.map.none'));
    const [longitude, latitude] = ((await picked.innerText()).match(/-?\d+(\.\d+)?/g) ?? []).map(Number) as [
      number,
      number,
    ];
    // Shown as the detail page shows coordinates, in the reader's language.
    const shown = (lon: number, lat: number) =>
      t('projectsPage.coordinatesValue').replace('{{longitude}}', String(lon)).replace('{{latitude}}', String(lat));
    expect(await picked.innerText()).toBe(shown(longitude, latitude));
    expect(longitude).toBeGreaterThan(73);
    expect(longitude).toBeLessThan(136);
    expect(latitude).toBeGreaterThan(18);
    expect(latitude).toBeLessThan(54);
    await saveScreenshot(page, `project-map-${locale}`);
    await page.getByTestId('project-map-use').click();
    await expect.poll(() => page.getByTestId('project-longitude').inputValue(), POLL).toBe(longitude.toFixed(6));
    expect(await page.getByTestId('project-latitude').inputValue()).toBe(latitude.toFixed(6));

    await page.getByTestId('project-name').fill(PROJECT[locale]);
    await choose(page, 'project-type', text(locale, 'projects.type.hotel'));
    await page.getByTestId('project-area').fill('300');
    await page.getByTestId('project-province').click();
    const province = locale === 'zh-CN' ? '北京市' : 'Beijing';
    await page.keyboard.type(province);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: province }).first().click();
    await page.getByTestId('project-address').fill('1 Binhe Road');
    await page.getByTestId('project-user-name').fill('Wang Fang');
    await page.getByTestId('project-user-phone').fill('13912345670');
    await choose(page, 'project-application', text(locale, 'projects.application.typical'));
    for (const [index, group] of REQUIRED_PHOTO_GROUPS.entries()) {
      const photos = page.getByTestId(`photo-group-${group}`);
      await photos.locator('input[type="file"]').setInputFiles({
        name: `${group}.png`,
        mimeType: 'image/png',
        buffer: pngImage(8, 6, [index * 30, 60, 90]),
      });
      await expect.poll(() => photos.getAttribute('data-count'), POLL).toBe('1');
    }
    await page.getByTestId('project-form-submit').click();
    await page.getByTestId('project-detail').waitFor();
    expect(await page.getByTestId('project-title').innerText()).toBe(PROJECT[locale]);
    expect(await page.getByTestId('project-info').innerText()).toContain(shown(longitude, latitude));
  }
});
