import { describe, expect, it } from 'vitest';
import { addSeries, ErrorCode } from '@dcc/contract';
import { saveScreenshot } from './support/browser.ts';
import { callAsPage, openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { tableRows } from './organization-support.ts';
import { openCatalogMenu } from './catalog-support.ts';
import { POLL } from './support/waits.ts';

const VIEWER = '13900000016';

describe('catalog read by a level-1 company', () => {
  const env = useServerAndBrowser();

  it('shows products, series and protocol points without any way to change them; a forged write is refused', async () => {
    const { context, page } = await openSignedIn(env.browser, env.baseUrl, VIEWER);
    try {
      await openCatalogMenu(page, '/company/productManage/productsManage', 'product-table');
      await page.getByTestId('catalog-read-only').first().waitFor();
      await expect.poll(() => page.getByTestId('product-table').textContent(), POLL).toContain('空气源热泵 A200');
      expect(await page.getByTestId('product-add').count()).toBe(0);
      expect(await page.getByTestId('row-delete').count()).toBe(0);
      await saveScreenshot(page, 'catalog-read-only-products');

      await openCatalogMenu(page, '/company/productManage/seriesManage', 'series-table');
      await expect.poll(() => page.getByTestId('series-table').textContent(), POLL).toContain('空气源热泵');
      expect(await page.getByTestId('series-add').count()).toBe(0);

      await openCatalogMenu(page, '/company/productManage/protocalManage', 'protocol-table');
      expect(await page.getByTestId('protocol-add').count()).toBe(0);
      await tableRows(page, 'protocol-table').filter({ hasText: 'HP-STD' }).getByTestId('protocol-detail-link').click();
      await expect.poll(() => tableRows(page, 'point-table').count(), POLL).toBe(16);
      expect(await page.getByTestId('point-add').count()).toBe(0);
      expect(await page.getByTestId('points-import').count()).toBe(0);

      const forged = await callAsPage(page, addSeries.path, { seriesName: 'Forged_Series' });
      expect(forged.error_code).toBe(ErrorCode.CATALOG_READ_ONLY);
      expect(forged.error_msg).toBe(text('zh-CN', 'catalog.error.readOnly'));
    } catch (error) {
      await saveScreenshot(page, 'catalog-read-only-failure');
      throw error;
    }
    await context.close();
  });
});
