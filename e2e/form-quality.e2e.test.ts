import { describe, expect, it } from 'vitest';
import type { Locale } from '@dcc/contract';
import { addDataType } from '@dcc/contract';
import type { Page } from 'playwright-core';
import { saveScreenshot } from './support/browser.ts';
import { openSignedIn, openSignedInAt, requiredText, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { openRoute, tableRows } from './organization-support.ts';
import { POLL } from './support/waits.ts';

const OPERATOR = '13800000000';

/** The error shown under the form item of the field with `testId`. */
const fieldError = (page: Page, testId: string) =>
  page.locator('.ant-form-item', { has: page.getByTestId(testId) }).locator('.ant-form-item-explain-error');

/** Whether the label of the form item holding `testId` carries antd's required mark. */
const isMarkedRequired = (page: Page, testId: string) =>
  page
    .locator('.ant-form-item', { has: page.getByTestId(testId) })
    .locator('label.ant-form-item-required')
    .count()
    .then((count) => count === 1);

describe('forms, tried as a new user in both languages', () => {
  const env = useServerAndBrowser();

  it('dialogs animate, unless the user prefers reduced motion; then they open and close at once', async () => {
    // The suite's contexts prefer reduced motion (support/consoleRule.ts).
    const { context, page } = await openSignedInAt(
      env.browser,
      env.baseUrl,
      OPERATOR,
      '/company/dealerManage/memberManage',
      'member-table',
      'zh-CN',
    );
    try {
      // Every running zoom animation a dialog is given while it opens or closes, recorded as it happens.
      const recordMotion = () =>
        page.evaluate(() => {
          const seen: string[] = [];
          (window as unknown as { motionSeen: string[] }).motionSeen = seen;
          new MutationObserver((changes) => {
            for (const change of changes) {
              const target = change.target as Element;
              if (typeof target.className === 'string' && /ant-zoom-(appear|enter|leave)-active/.test(target.className))
                seen.push(target.className);
            }
          }).observe(document.body, { attributes: true, attributeFilter: ['class'], subtree: true, childList: true });
        });
      const motionSeen = () => page.evaluate(() => (window as unknown as { motionSeen: string[] }).motionSeen);
      const openAndClose = async () => {
        await page.getByTestId('member-add').click();
        await page.getByTestId('member-phone-next').waitFor();
        await page
          .locator('.ant-modal', { has: page.getByTestId('member-phone-next') })
          .locator('.ant-modal-close')
          .click();
        await page.getByTestId('member-phone-next').waitFor({ state: 'hidden' });
      };

      await recordMotion();
      await openAndClose();
      expect(await motionSeen()).toEqual([]);

      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await recordMotion();
      await openAndClose();
      expect((await motionSeen()).length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
    it(`${locale}: OK on invalid modal forms shows each field's own message and logs no page error; negatives and bad formulas are refused on their fields`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      try {
        // Member dialog: Next with no phone.
        await openRoute(page, env.baseUrl, '/company/dealerManage/memberManage', 'member-table');
        await page.getByTestId('member-add').click();
        await page.getByTestId('member-phone-next').click();
        await expect
          .poll(() => fieldError(page, 'member-phone').textContent(), POLL)
          .toBe(requiredText(locale, 'members.phone'));
        await expect(isMarkedRequired(page, 'member-phone')).resolves.toBe(true);
        await page.keyboard.press('Escape');

        // Dealer hand-over dialog: OK with no receiving dealer.
        await openRoute(page, env.baseUrl, '/company/dealerManage/dealersManage', 'dealer-table');
        await tableRows(page, 'dealer-table')
          .filter({ hasText: 'North China Distribution' })
          .getByTestId('dealer-more')
          .click();
        await page
          .locator('.ant-dropdown:visible')
          .getByRole('menuitem', { name: text(locale, 'dealers.handOver') })
          .click();
        await page.getByTestId('hand-over-ok').click();
        await page
          .locator('.ant-modal-body .ant-form-item-explain-error', {
            hasText: requiredText(locale, 'dealers.handOverTarget'),
          })
          .waitFor();
        await page.keyboard.press('Escape');

        // Department dialog: each empty field names itself, the name no longer says 'title'.
        await openRoute(page, env.baseUrl, '/company/dealerManage/departmentManage', 'department-table');
        await page.getByTestId('department-add').click();
        await page.getByTestId('department-form-ok').click();
        await expect
          .poll(() => fieldError(page, 'department-name').textContent(), POLL)
          .toBe(requiredText(locale, 'departments.name'));
        await expect(fieldError(page, 'department-code').textContent()).resolves.toBe(
          requiredText(locale, 'departments.code'),
        );
        await expect(isMarkedRequired(page, 'department-name')).resolves.toBe(true);
        await page.keyboard.press('Escape');

        // Data type: a negative sort order stays as typed and is refused; a rule the preview calls invalid blocks Save.
        await openRoute(page, env.baseUrl, '/company/productManage/dataTypeManage', 'data-type-table');
        await page.getByTestId('data-type-add').click();
        await page.getByTestId('data-type-name-input').fill(`E2E ${locale}`);
        await page.getByTestId('data-type-sort-order').fill('-5');
        await page.getByTestId('data-type-name-input').click();
        await expect(page.getByTestId('data-type-sort-order').inputValue()).resolves.toBe('-5');
        await expect
          .poll(() => fieldError(page, 'data-type-sort-order').textContent(), POLL)
          .toBe(text(locale, 'catalog.validation.sortOrder'));
        await page.getByTestId('data-type-sort-order').fill('1');
        await page.getByTestId('data-type-report-rule').fill('x / (');
        await expect
          .poll(() => page.getByTestId('data-type-preview-report').textContent(), POLL)
          .toContain(text(locale, 'dataTypes.formulaError.formula.unexpectedEnd'));
        const sent: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes(addDataType.path)) sent.push(request.url());
        });
        await page.getByTestId('data-type-submit').click();
        await expect
          .poll(() => fieldError(page, 'data-type-report-rule').textContent(), POLL)
          .toContain(text(locale, 'dataTypes.formulaError.formula.unexpectedEnd'));
        expect(sent).toEqual([]);
        await page.getByTestId('data-type-report-rule').fill('x / 10');
        await page.getByTestId('data-type-submit').click();
        await tableRows(page, 'data-type-table')
          .filter({ hasText: `E2E ${locale}` })
          .waitFor();
        expect(sent).toHaveLength(1);

        // Role: saving it empty highlights the name and the button tree.
        await openRoute(page, env.baseUrl, '/company/dealerManage/roleManage', 'role-table');
        await page.getByTestId('role-add').click();
        await page.getByTestId('role-form').waitFor();
        await page.getByTestId('role-form-submit').click();
        await expect
          .poll(() => fieldError(page, 'role-name').textContent(), POLL)
          .toBe(requiredText(locale, 'roles.name'));
        await expect(fieldError(page, 'role-button-tree').textContent()).resolves.toBe(
          requiredText(locale, 'roles.buttons'),
        );
        await expect(page.getByTestId('role-button-tree').getAttribute('data-status')).resolves.toBe('error');
      } catch (error) {
        await saveScreenshot(page, `form-quality-${locale}-failure`);
        throw error;
      } finally {
        await context.close();
      }
    });
  }
});
