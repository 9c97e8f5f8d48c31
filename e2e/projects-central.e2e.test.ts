import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DOMAIN_MESSAGES } from '@dcc/contract/domain-messages';
import {
  addDeviceToProject,
  addProject,
  addProjectPhoto,
  listDevices,
  REQUIRED_PHOTO_GROUPS,
  submitProjectAudit,
  uploadImage,
  type Locale,
} from '@dcc/contract';
import { pngImage } from './organization-support.ts';
import { saveScreenshot } from './support/browser.ts';
import { callAsPage, openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { POLL } from './support/waits.ts';
import { waitForToast } from './support/toasts.ts';

/**
 * A centrally controlled project in the console (issue 21), in both languages, as the platform operator (who
 * holds the audit button): its page (cenProjectDetail) names its centralized controller, a device is taken
 * out of it, it is edited, and its submitted audit is rejected with a reason shown on the page and in its
 * records. The preconditions (the project with its photos and devices, the submission) are set through the
 * API with the page's session, not by clicking. The controller is a demo heat pump (空气源热泵 A200, a
 * centralized controller), the other device a water heater (智能热水器 X1): every eighth demo unit, so a
 * fleet of 16 simulates WH2406X0001-0002.
 */
const OPERATOR = '13800000000';
const DEVICES: Record<Locale, { controller: string; heater: string }> = {
  'zh-CN': { controller: 'HP2406A0001', heater: 'WH2406X0001' },
  'en-US': { controller: 'HP2406A0002', heater: 'WH2406X0002' },
};
const PROJECT: Record<Locale, string> = { 'zh-CN': '集控酒店热泵工程', 'en-US': 'Central plant hotel' };
const RENAMED: Record<Locale, string> = { 'zh-CN': '集控酒店热泵工程二期', 'en-US': 'Central plant hotel, phase 2' };
const REASON: Record<Locale, string> = {
  'zh-CN': '铭牌照片不清晰，请重新拍摄',
  'en-US': 'The nameplate photo is blurred, please take it again',
};

/** A console text: the page catalogs, or the contract's domain messages (states, enums, refusals). */
function say(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const domain = (DOMAIN_MESSAGES[locale] as Record<string, string>)[key];
  const template = domain ?? text(locale, key);
  return Object.entries(values).reduce((out, [name, value]) => out.replace(`{{${name}}}`, String(value)), template);
}

/** A call with the page's session that must succeed; answers its result. */
async function mustCall<Result>(page: Page, path: string, body: Record<string, unknown>): Promise<Result> {
  const answer = await callAsPage<Result>(page, path, body);
  if (answer.error_code !== 0) throw new Error(`${path} refused: ${JSON.stringify(answer)}`);
  return answer.objectResult as Result;
}

/** Uploads a png with the page's session (multipart, context in headers, as the console does); answers its URL. */
function uploadPng(page: Page, bytes: Buffer): Promise<string> {
  return page.evaluate(
    async ({ path, data }) => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(data)], 'photo.png', { type: 'image/png' }));
      const response = await fetch(path, {
        method: 'POST',
        headers: {
          sessionid: sessionStorage.getItem('sessionid') ?? '',
          dealersid: sessionStorage.getItem('dealersId') ?? '',
        },
        body: form,
      });
      const answer = (await response.json()) as { error_code: number; objectResult?: { url: string } };
      if (answer.error_code !== 0 || !answer.objectResult) throw new Error(`upload refused: ${JSON.stringify(answer)}`);
      return answer.objectResult.url;
    },
    { path: uploadImage.path, data: [...bytes] },
  );
}

/** The device id of a device code, as the device list finds it. */
async function deviceId(page: Page, code: string): Promise<string> {
  const found = await mustCall<{ list: Array<{ deviceId: string; deviceCode: string }> }>(page, listDevices.path, {
    keyword: code,
    pageIndex: 1,
    pageSize: 10,
  });
  const device = found.list.find((row) => row.deviceCode === code);
  if (!device) throw new Error(`device ${code} not found`);
  return device.deviceId;
}

describe('a centrally controlled project', () => {
  const env = useServerAndBrowser({ simulator: { devices: 16, reportSeconds: 10 } });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: shows its controller, takes a device out, is edited, and its audit is rejected with a reason`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      try {
        const projectId = await preconditions(page, locale);
        await centralDetail(page, locale, projectId);
        await removeDevice(page, locale);
        await edit(page, locale);
        await rejectAudit(page, locale, projectId);
      } catch (error) {
        await saveScreenshot(page, `projects-central-${locale}`);
        throw error;
      }
      await context.close();
    }, 300_000);
  }

  /** Through the API: the centrally controlled project, its required photos, its controller and a heater. */
  async function preconditions(page: Page, locale: Locale): Promise<string> {
    const { projectId } = await mustCall<{ projectId: string }>(page, addProject.path, {
      projectName: PROJECT[locale],
      isCenControl: 'Y',
      type: 'hotel',
      area: 860,
      province: '330000',
      address: '18 Lakeside Road, Hangzhou',
      userName: 'Li Ming',
      userPhone: '13912345678',
      application: 'typical',
      longitude: 120.15507,
      latitude: 30.274084,
    });
    for (const [index, group] of REQUIRED_PHOTO_GROUPS.entries()) {
      const url = await uploadPng(page, pngImage(8, 6, [index * 30, 80, 160]));
      await mustCall(page, addProjectPhoto.path, { projectId, group, url });
    }
    const ids = [await deviceId(page, DEVICES[locale].controller), await deviceId(page, DEVICES[locale].heater)];
    await mustCall(page, addDeviceToProject.path, { projectId, deviceIds: ids });
    return projectId;
  }

  async function centralDetail(page: Page, locale: Locale, projectId: string) {
    const t = (key: string) => say(locale, key);
    // The list opens a centrally controlled project on its own page (cenProjectDetail).
    await page.goto(`${env.baseUrl}/#/company/projectManage/projectsManage`);
    await page.getByTestId('project-search-name').fill(PROJECT[locale]);
    await page.getByTestId('project-table-search-submit').click();
    const row = page.getByTestId('project-table').locator('tbody tr.ant-table-row', { hasText: PROJECT[locale] });
    await expect.poll(() => row.count(), POLL).toBe(1);
    await row.getByTestId('project-open').click();
    await page.getByTestId('project-detail').waitFor();
    expect(page.url()).toContain(`/cenProjectDetail/${projectId}`);
    expect(await page.getByTestId('project-title').innerText()).toBe(PROJECT[locale]);
    expect(await page.getByTestId('project-info').innerText()).toContain(t('projectsPage.controller'));
    await expect
      .poll(() => page.getByTestId('project-controller').innerText(), POLL)
      .toContain(DEVICES[locale].controller);
    const rows = page.getByTestId('project-devices').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), POLL).toBe(2);
    expect((await rows.getByTestId('project-device-open').allInnerTexts()).sort()).toEqual(
      [DEVICES[locale].controller, DEVICES[locale].heater].sort(),
    );
    // An ordinary project's address with this id comes to the same page.
    await page.goto(`${env.baseUrl}/#/company/projectManage/projectsManage/projectDetail/${projectId}`);
    await page.waitForURL(new RegExp(`/cenProjectDetail/${projectId}$`));
    await page.getByTestId('project-controller').waitFor();
    await saveScreenshot(page, `project-central-${locale}`);
  }

  async function removeDevice(page: Page, locale: Locale) {
    const t = (key: string) => say(locale, key);
    const rows = page.getByTestId('project-devices').locator('tbody tr.ant-table-row');
    const heater = rows.filter({ hasText: DEVICES[locale].heater });
    await heater.getByTestId('project-device-remove').click();
    await page.getByTestId('project-device-remove-confirm').filter({ visible: true }).click();
    await waitForToast(page, t('projectsPage.devices.removed'));
    await expect.poll(() => rows.count(), POLL).toBe(1);
    expect(await rows.getByTestId('project-device-open').allInnerTexts()).toEqual([DEVICES[locale].controller]);
    // The controller stays the project's.
    expect(await page.getByTestId('project-controller').innerText()).toContain(DEVICES[locale].controller);
  }

  async function edit(page: Page, locale: Locale) {
    const t = (key: string) => say(locale, key);
    await page.getByTestId('project-edit').click();
    const form = page.getByTestId('project-form');
    await form.waitFor();
    const name = page.getByTestId('project-name');
    // The form holds the stored fields once they are read.
    await expect.poll(() => name.inputValue(), POLL).toBe(PROJECT[locale]);
    await name.fill(RENAMED[locale]);
    await page.getByTestId('project-address').fill('20 Lakeside Road, Hangzhou');
    await page.getByTestId('project-form-submit').click();
    await waitForToast(page, t('projectsPage.saved'));
    await page.getByTestId('project-detail').waitFor();
    await expect.poll(() => page.getByTestId('project-title').innerText(), POLL).toBe(RENAMED[locale]);
    expect(page.url()).toContain('/cenProjectDetail/');
    expect(await page.getByTestId('project-info').innerText()).toContain('20 Lakeside Road, Hangzhou');
  }

  async function rejectAudit(page: Page, locale: Locale, projectId: string) {
    const t = (key: string) => say(locale, key);
    await mustCall(page, submitProjectAudit.path, { projectId });
    await page.reload();
    const state = page.getByTestId('project-info-check-state');
    await expect.poll(() => state.innerText(), POLL).toBe(t('projects.checkState.1'));
    // Pending: not editable.
    expect(await page.getByTestId('project-edit').count()).toBe(0);
    await page.getByTestId('project-audit-reject').click();
    // A reason is required.
    await page.getByTestId('project-reject-ok').click();
    await page.locator('.ant-modal .ant-form-item-explain-error').first().waitFor();
    await page.getByTestId('project-reject-reason-input').fill(REASON[locale]);
    await page.getByTestId('project-reject-ok').click();
    await waitForToast(page, t('projectsPage.audit.rejected'));
    await expect.poll(() => state.innerText(), POLL).toBe(t('projects.checkState.3'));
    await expect.poll(() => page.getByTestId('project-reject-reason').innerText(), POLL).toBe(REASON[locale]);
    const records = page.getByTestId('project-audit-records').locator('tbody tr.ant-table-row');
    await expect.poll(() => records.count(), POLL).toBe(2);
    const step = (from: number, to: number) =>
      say(locale, 'projectsPage.audit.stepValue', {
        from: t(`projects.checkState.${from}`),
        to: t(`projects.checkState.${to}`),
      });
    expect(await records.nth(0).innerText()).toContain(step(1, 3));
    expect(await records.nth(0).innerText()).toContain(REASON[locale]);
    expect(await records.nth(1).innerText()).toContain(step(0, 1));
    // Rejected: editable and submittable again.
    await page.getByTestId('project-edit').waitFor();
    await page.getByTestId('project-audit-submit').waitFor();
    await saveScreenshot(page, `project-rejected-${locale}`);
  }
});
