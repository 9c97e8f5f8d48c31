import { describe, expect, it } from 'vitest';
import { addDealers, type CallResponse } from '@dcc/contract';
import { saveScreenshot } from './support/browser.ts';
import { openSignedInAt, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { openRoute, pickArea } from './organization-support.ts';
import { POLL } from './support/waits.ts';

const DEALERS = '/company/dealerManage/dealersManage';
const PROTOCOLS = '/company/productManage/protocalManage';
const OPERATOR = '13800000000';

type Envelope<T> = { error_code: number; objectResult: T };

describe('names shown in the language of the console', () => {
  const env = useServerAndBrowser();

  it('areas and the built-in administrator role follow the language: Guangdong and Administrator in English, 广东省 and 管理员 in Chinese', async () => {
    const { context, page } = await openSignedInAt(env.browser, env.baseUrl, OPERATOR, DEALERS, 'dealer-table');
    try {
      await page.getByTestId('language-switch').getByText('English').click();
      await page.getByTestId('dealer-add').click();
      await page.getByTestId('dealer-form').waitFor();
      await page.getByTestId('dealer-name').fill('South China Test Dealer');
      await page.getByTestId('dealer-code').fill('E2E-NAMES');
      await page.getByTestId('dealer-contact-name').fill('Chen');
      await page.getByTestId('dealer-contact-phone').fill('13700000131');
      // The picker lists the provinces and cities by their English names.
      await pickArea(page, 'dealer-area', ['Guangdong', 'Guangzhou']);
      await expect(page.getByTestId('dealer-area').textContent()).resolves.toContain('Guangzhou');
      await page.getByTestId('dealer-address').fill('1 Tiyu West Road');
      const added = page.waitForResponse((response) => response.url().includes(addDealers.path));
      await page.getByTestId('dealer-form-submit').click();
      const answer = (await (await added).json()) as Envelope<CallResponse<typeof addDealers>>;
      expect(answer.error_code).toBe(0);
      await page.getByTestId('one-time-password-ok').click();

      await openRoute(
        page,
        env.baseUrl,
        `${DEALERS}/dealersDetail/${answer.objectResult.dealer.dealersId}`,
        'dealer-detail',
      );
      const area = page.getByTestId('detail-area');
      const members = page.getByTestId('detail-members');
      await expect.poll(() => area.textContent(), POLL).toBe('Guangdong / Guangzhou');
      await page.getByRole('tab', { name: text('en-US', 'dealers.members').replace('{{count}}', '1') }).click();
      await expect
        .poll(() => members.locator('.ant-tag').allTextContents(), POLL)
        .toEqual([text('en-US', 'role.builtin.admin')]);
      await saveScreenshot(page, 'names-dealer-detail-english');

      await page.getByTestId('language-switch').getByText('中文').click();
      await expect.poll(() => area.textContent(), POLL).toBe('广东省 / 广州市');
      await expect.poll(() => members.locator('.ant-tag').allTextContents(), POLL).toEqual(['管理员']);

      // A seeded dealer's sale scope (Beijing, Tianjin, Hebei), as tags, in Chinese and back in English.
      await openRoute(page, env.baseUrl, DEALERS, 'dealer-table');
      await page.getByTestId('dealer-name-link').filter({ hasText: 'North China Distribution' }).click();
      const scope = page.getByTestId('detail-sale-scope-areas');
      await expect.poll(() => scope.textContent(), POLL).toMatch(/北京市.*天津市.*河北省/);
      await page.getByTestId('language-switch').getByText('English').click();
      await expect.poll(() => scope.textContent(), POLL).toMatch(/Beijing.*Tianjin.*Hebei/);
      await expect(page.getByTestId('detail-area').textContent()).resolves.toBe('Beijing');
    } catch (error) {
      await saveScreenshot(page, 'names-in-both-languages-failure');
      throw error;
    }
    await context.close();
  }, 180_000);

  it('the frame inspector names the bits that are on in Chinese in the Chinese console', async () => {
    const { context, page } = await openSignedInAt(
      env.browser,
      env.baseUrl,
      OPERATOR,
      `${PROTOCOLS}/frameInspector`,
      'frame-inspector',
    );
    try {
      await page.getByTestId('frame-sample').click();
      await page.getByTestId('frame-decode').click();
      await expect
        .poll(() => page.getByTestId('frame-crc-status').textContent(), POLL)
        .toBe(text('zh-CN', 'frames.crcOk'));
      await expect(page.getByTestId('frame-rows').textContent()).resolves.toContain('开启：压缩机, 水泵, 风机');
    } catch (error) {
      await saveScreenshot(page, 'names-frame-inspector-failure');
      throw error;
    }
    await context.close();
  }, 120_000);
});
