import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DOMAIN_MESSAGES } from '@dcc/contract/domain-messages';
import { REQUIRED_PHOTO_GROUPS, type Locale } from '@dcc/contract';
import { choose } from './catalog-support.ts';
import { pngImage } from './organization-support.ts';
import { saveScreenshot } from './support/browser.ts';
import { openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { POLL } from './support/waits.ts';
import { waitForToast } from './support/toasts.ts';

/**
 * Projects in the console (issue 21), in both languages, as the platform operator (who holds the audit
 * button B100101): a project is added with its photos, two simulated devices join it and show their
 * live status, it is submitted and its audit passed, it is followed and found by the followed filter,
 * and a device's detail names its project and audit state. The devices are water heaters
 * (智能热水器 X1, not centrally controlled): the demo heat pump 空气源热泵 A200 is a centrally
 * controlled product, so a project holds at most one of it. Every eighth demo unit is a water heater,
 * so a fleet of 32 simulates WH2406X0001-0004.
 */
const OPERATOR = '13800000000';
const DEVICES: Record<Locale, readonly [string, string]> = {
  'zh-CN': ['WH2406X0001', 'WH2406X0002'],
  'en-US': ['WH2406X0003', 'WH2406X0004'],
};
const PROJECT: Record<Locale, string> = { 'zh-CN': '北京酒店热水工程', 'en-US': 'Harbour hotel hot water' };
const PROVINCE: Record<Locale, string> = { 'zh-CN': '北京市', 'en-US': 'Beijing' };

/** A console text: the page catalogs, or the contract's domain messages (states, enums, refusals). */
function say(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const domain = (DOMAIN_MESSAGES[locale] as Record<string, string>)[key];
  const template = domain ?? text(locale, key);
  return Object.entries(values).reduce((out, [name, value]) => out.replace(`{{${name}}}`, String(value)), template);
}

describe('projects', () => {
  const env = useServerAndBrowser({ simulator: { devices: 32, reportSeconds: 10 } });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: adds a project with photos, adds two simulated devices, submits it, passes the audit, follows it`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      try {
        await addProject(page, locale);
        await addDevices(page, locale);
        await audit(page, locale);
        await follow(page, locale);
        await deviceShowsProject(page, locale);
      } catch (error) {
        await saveScreenshot(page, `projects-${locale}`);
        throw error;
      }
      await context.close();
    }, 300_000);
  }

  async function addProject(page: Page, locale: Locale) {
    const t = (key: string) => say(locale, key);
    await page.goto(`${env.baseUrl}/#/company/projectManage/projectsManage`);
    await page.getByTestId('project-table').waitFor();
    await page.getByTestId('project-add').click();
    const form = page.getByTestId('project-form');
    await form.waitFor();
    // Saving with no photo is refused on the form, naming the required groups.
    await page.getByTestId('project-form-submit').click();
    const photosHelp = page.locator('#photos_help, [id$="_photos_help"]').first();
    await expect
      .poll(() => photosHelp.innerText(), POLL)
      .toContain(t(`projects.photoGroup.${REQUIRED_PHOTO_GROUPS[0]}`));

    await page.getByTestId('project-name').fill(PROJECT[locale]);
    await choose(page, 'project-type', t('projects.type.hotel'));
    await page.getByTestId('project-area').fill('1200.5');
    await page.getByTestId('project-province').click();
    await page.keyboard.type(PROVINCE[locale]);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: PROVINCE[locale] })
      .first()
      .click();
    await page.getByTestId('project-address').fill('1 Chaoyang Road');
    await page.getByTestId('project-user-name').fill('Zhang Wei');
    await page.getByTestId('project-user-phone').fill('13912345678');
    await choose(page, 'project-application', t('projects.application.energySaving'));
    await page.getByTestId('project-longitude').fill('116.397128');
    await page.getByTestId('project-latitude').fill('39.916527');
    for (const [index, group] of REQUIRED_PHOTO_GROUPS.entries()) {
      const box = page.getByTestId(`photo-group-${group}`);
      await box.locator('input[type="file"]').setInputFiles({
        name: `${group}.png`,
        mimeType: 'image/png',
        buffer: pngImage(8, 6, [index * 30, 120, 200]),
      });
      await expect.poll(() => box.getAttribute('data-count'), POLL).toBe('1');
    }
    await saveScreenshot(page, `project-form-${locale}`);
    await page.getByTestId('project-form-submit').click();
    await page.getByTestId('project-detail').waitFor();
    expect(await page.getByTestId('project-title').innerText()).toBe(PROJECT[locale]);
    expect(await page.getByTestId('project-info-check-state').innerText()).toBe(t('projects.checkState.0'));
    for (const group of REQUIRED_PHOTO_GROUPS)
      expect(await page.getByTestId(`project-photos-${group}`).getAttribute('data-count')).toBe('1');
    expect(await page.getByTestId('project-photos-softWater').getAttribute('data-count')).toBe('0');
  }

  async function addDevices(page: Page, locale: Locale) {
    const t = (key: string) => say(locale, key);
    await page.getByTestId('project-add-devices-open').click();
    const picker = page.getByTestId('project-device-picker');
    for (const code of DEVICES[locale]) {
      await picker.click();
      await page.keyboard.type(code);
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: code }).first().click();
    }
    // Closes the picker's dropdown, which covers the dialog's buttons.
    await page.locator('.ant-modal-title', { hasText: t('projectsPage.devices.add') }).click();
    await page.getByTestId('project-add-devices-ok').click();
    const rows = page.getByTestId('project-devices').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), POLL).toBe(2);
    expect((await rows.getByTestId('project-device-open').allInnerTexts()).sort()).toEqual([...DEVICES[locale]].sort());
    // Their status follows the simulated fleet: both connected, online.
    await expect
      .poll(() => rows.getByTestId('device-status').allInnerTexts(), POLL)
      .toEqual([t('devices.status.ONLINE'), t('devices.status.ONLINE')]);
    await page
      .getByTestId('project-devices-live')
      .and(page.locator('[data-state="live"]'))
      .waitFor({ timeout: POLL.timeout });
  }

  async function audit(page: Page, locale: Locale) {
    const t = (key: string) => say(locale, key);
    const state = page.getByTestId('project-info-check-state');
    expect(await page.getByTestId('project-check-submit-time').innerText()).toBe('-');
    await page.getByTestId('project-audit-submit').click();
    await expect.poll(() => state.innerText(), POLL).toBe(t('projects.checkState.1'));
    expect(await page.getByTestId('project-check-submit-time').innerText()).toMatch(/\d{4}.\d{2}.\d{2}/);
    // Pending: the project and its devices are frozen until the audit decides.
    expect(await page.getByTestId('project-audit-submit').count()).toBe(0);
    expect(await page.getByTestId('project-add-devices-open').count()).toBe(0);
    await page.getByTestId('project-audit-pass').click();
    await expect.poll(() => state.innerText(), POLL).toBe(t('projects.checkState.2'));
    const outcomes = page.getByTestId('project-audit-outcomes');
    if (await outcomes.isVisible()) await page.keyboard.press('Escape');
    const records = page.getByTestId('project-audit-records').locator('tbody tr.ant-table-row');
    await expect.poll(() => records.count(), POLL).toBe(2);
    // Newest first, states by their names.
    const step = (from: number, to: number) =>
      say(locale, 'projectsPage.audit.stepValue', {
        from: t(`projects.checkState.${from}`),
        to: t(`projects.checkState.${to}`),
      });
    expect(await records.nth(0).innerText()).toContain(step(1, 2));
    expect(await records.nth(1).innerText()).toContain(step(0, 1));
    expect(await page.getByTestId('project-audit-pass').count()).toBe(0);
    await saveScreenshot(page, `project-detail-${locale}`);
  }

  async function follow(page: Page, locale: Locale) {
    const t = (key: string) => say(locale, key);
    const icon = page.getByTestId('project-detail').getByTestId('project-follow').first();
    expect(await icon.getAttribute('data-followed')).toBe('false');
    await icon.click();
    await waitForToast(page, t('projects.followed'));
    await expect.poll(() => icon.getAttribute('data-followed'), POLL).toBe('true');

    // The list finds it among the followed projects; its follow icon there unfollows it.
    await page.goto(`${env.baseUrl}/#/company/projectManage/projectsManage`);
    await choose(page, 'project-search-followed', t('projectsPage.followedYes'));
    await page.getByTestId('project-search-name').fill(PROJECT[locale]);
    await page.getByTestId('project-table-search-submit').click();
    const rows = page.getByTestId('project-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), POLL).toBe(1);
    expect(await rows.first().innerText()).toContain(t('projects.checkState.2'));
    await rows.first().getByTestId('project-follow').click();
    await waitForToast(page, t('projects.unfollowed'));
    await expect.poll(() => rows.count(), POLL).toBe(0);
  }

  async function deviceShowsProject(page: Page, locale: Locale) {
    const t = (key: string) => say(locale, key);
    await page.goto(`${env.baseUrl}/#/company/projectManage/projectsManage`);
    // The list remembers the followed filter of the step before: all projects again.
    await page.getByTestId('project-table').waitFor();
    await page.getByTestId('project-search-name').fill(PROJECT[locale]);
    await choose(page, 'project-search-followed', t('list.statusAll'));
    await page.getByTestId('project-table-search-submit').click();
    const row = page.getByTestId('project-table').locator('tbody tr.ant-table-row', { hasText: PROJECT[locale] });
    // Deleting it is refused while it holds devices, with the server's message.
    await row.getByTestId('row-delete').click();
    await page.getByTestId('row-delete-confirm').filter({ visible: true }).click();
    await waitForToast(page, say(locale, 'projects.error.hasDevices', { count: 2 }));
    expect(await row.count()).toBe(1);
    await row.getByTestId('project-open').click();
    await page.getByTestId('project-devices').getByTestId('project-device-open').first().click();
    await page.getByTestId('device-tab-basicInfo').click();
    expect(await page.getByTestId('device-project').innerText()).toBe(PROJECT[locale]);
    expect(await page.getByTestId('device-project-check-state').innerText()).toBe(t('projects.checkState.2'));
  }
});
