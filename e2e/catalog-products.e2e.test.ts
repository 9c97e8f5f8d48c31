import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addProtocol } from '@dcc/contract';
import { signInToCompany } from './organization-support.ts';
import { saveScreenshot } from './support/browser.ts';
import { callAsPage, requiredText, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { choose, openCatalogMenu } from './catalog-support.ts';
import { POLL } from './support/waits.ts';
import { waitForToast } from './support/toasts.ts';

const SERIES = 'E2E系列甲';
const DATA_TYPE = 'E2E温度0点1';
const PROTOCOL = { protocolName: 'E2E协议', protocolCode: 'E2E-P1' };
const CUSTOM_PRODUCT = '浏览器热泵_R32';
const ALINK_PRODUCT = 'E2E_Alink_Pump';
// The machine is shared and busy: give a list refresh more than vitest's default second.
const zh = (key: string) => text('zh-CN', key);

/** The form error showing the catalog text of `key` (getByText misses antd's form explain lines here). */
const fieldError = (page: Page, key: string) =>
  page.locator('.ant-form-item-explain-error', { hasText: zh(key) }).first();

/** Creates a protocol through the API with the browser's session (the protocol pages belong to another test file). */
async function createProtocol(page: Page): Promise<void> {
  const answer = await callAsPage(page, addProtocol.path, { ...PROTOCOL, description: '', versionName: 'V1.0' });
  expect(answer.error_code).toBe(0);
}

describe('catalog pages (series, data types, products, thing models)', () => {
  const env = useServerAndBrowser();

  it('adds a series and a data type, a protocol-point product and an Alink product whose thing model is edited, published, imported and exported', async () => {
    const { context, page } = await signInToCompany(
      env.browser,
      env.baseUrl,
      '13800000000',
      'Aurora Heat Pumps Platform',
    );
    try {
      await seriesAndDataTypes(page);
      await createProtocol(page);
      await customProduct(page);
      await alinkProduct(page);
      await productList(page);
    } catch (error) {
      await saveScreenshot(page, 'catalog-products-failure');
      throw error;
    }
    await context.close();
  });

  async function seriesAndDataTypes(page: Page): Promise<void> {
    const series = await openCatalogMenu(page, '/company/productManage/seriesManage', 'series-table');
    await page.getByTestId('series-add').click();
    // The product-name rule runs in the console with the contract's messages.
    await page.getByTestId('modal-ok').click();
    await page.locator('.ant-form-item-explain-error', { hasText: requiredText('zh-CN', 'series.name') }).waitFor();
    await page.getByTestId('series-name-input').fill('a b');
    await fieldError(page, 'validation.productName.format').waitFor();
    await page.getByTestId('series-name-input').fill(SERIES);
    await page.getByTestId('modal-ok').click();
    await series.locator('tr.ant-table-row', { hasText: SERIES }).waitFor();

    const dataTypes = await openCatalogMenu(page, '/company/productManage/dataTypeManage', 'data-type-table');
    await page.getByTestId('data-type-add').click();
    await page.getByTestId('data-type-name-input').fill(DATA_TYPE);
    await page.getByTestId('data-type-report-rule').fill('x / 10');
    await page.getByTestId('data-type-send-rule').fill('x * 10');
    // The protocol engine's preview, in the page: raw 215 -> 21.5 and back.
    await expect.poll(() => page.getByTestId('data-type-preview-report').textContent(), POLL).toContain('21.5');
    await expect.poll(() => page.getByTestId('data-type-preview-send').textContent(), POLL).toContain('215');
    await page.getByTestId('data-type-report-rule').fill('x / (');
    await expect
      .poll(() => page.getByTestId('data-type-preview-report').textContent(), POLL)
      .toContain(zh('dataTypes.formulaError.formula.unexpectedEnd'));
    // Save is refused on the rule's field with the preview's own message.
    await page.getByTestId('data-type-submit').click();
    await page
      .locator('.ant-form-item-explain-error', { hasText: zh('dataTypes.formulaError.formula.unexpectedEnd') })
      .waitFor();
    await page.getByTestId('data-type-report-rule').fill('x / 10');
    await page.getByTestId('data-type-submit').click();
    const row = dataTypes.locator('tr.ant-table-row', { hasText: DATA_TYPE });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('x / 10');
    // dataTypeEdit starts from the stored values.
    await row.getByTestId('row-edit').click();
    await page.waitForURL(/dataTypeEdit\/\d+$/);
    await expect.poll(() => page.getByTestId('data-type-name-input').inputValue(), POLL).toBe(DATA_TYPE);
    await expect(page.getByTestId('data-type-send-rule').inputValue()).resolves.toBe('x * 10');
    await page.getByTestId('data-type-sort-order').fill('5');
    await page.getByTestId('data-type-submit').click();
    await page.waitForURL(/dataTypeManage$/);
    await expect.poll(() => row.locator('td').first().textContent(), POLL).toBe('5');
  }

  async function customProduct(page: Page): Promise<void> {
    await openCatalogMenu(page, '/company/productManage/productsManage', 'product-table');
    await page.getByTestId('product-add').click();
    await page.getByTestId('product-next').click();
    await page.locator('.ant-form-item-explain-error', { hasText: requiredText('zh-CN', 'products.name') }).waitFor();
    await page.getByTestId('product-name-input').fill(CUSTOM_PRODUCT);
    await choose(page, 'product-series-select', SERIES);
    await choose(page, 'product-network-select', zh('products.networkMethod.cellular'));
    await choose(page, 'product-node-type-select', zh('products.nodeType.direct'));
    await page.getByTestId('product-next').click();
    await page.getByTestId('product-data-format-custom').click();
    // A custom product needs its protocol.
    await page.getByTestId('product-submit').click();
    await fieldError(page, 'catalog.validation.protocolForFormat').waitFor();
    await choose(page, 'product-protocol-select', PROTOCOL.protocolName);
    // Going back a step loses nothing.
    await page.getByTestId('product-previous').click();
    await expect(page.getByTestId('product-name-input').inputValue()).resolves.toBe(CUSTOM_PRODUCT);
    await page.getByTestId('product-next').click();
    await page.getByTestId('product-submit').click();
    await page.waitForURL(/productDetail\/\d+$/);
    const tabs = page.getByTestId('product-detail-tabs');
    await tabs.waitFor();
    await expect.poll(() => page.getByTestId('product-basic-info').textContent(), POLL).toContain(SERIES);
    await page.getByTestId('product-edit').click();
    await page.getByTestId('product-en-name-input').fill('Browser heat pump');
    await page.getByTestId('product-edit-save').click();
    await expect.poll(() => page.getByTestId('product-basic-info').textContent(), POLL).toContain('Browser heat pump');
    await tabs.getByRole('tab', { name: zh('products.tabProtocol') }).click();
    await page.getByTestId('product-protocol-versions').locator('tr.ant-table-row', { hasText: 'V1.0' }).waitFor();
    await expect(page.getByTestId('product-protocol-link').getAttribute('href')).resolves.toMatch(
      /protocalDetail\/\d+$/,
    );
    await saveScreenshot(page, 'catalog-product-detail');
  }

  async function alinkProduct(page: Page): Promise<void> {
    await openCatalogMenu(page, '/company/productManage/productsManage', 'product-table');
    await page.getByTestId('product-add').click();
    await page.getByTestId('product-name-input').fill(ALINK_PRODUCT);
    await choose(page, 'product-series-select', SERIES);
    await choose(page, 'product-network-select', zh('products.networkMethod.wifi'));
    await choose(page, 'product-node-type-select', zh('products.nodeType.direct'));
    await page.getByTestId('product-next').click();
    await page.getByTestId('product-data-format-alink').click();
    await page.getByTestId('product-submit').click();
    await page.waitForURL(/thingModelProductDetail\/\d+$/);
    await page.getByTestId('thing-model-panel').waitFor();
    await expect(page.getByTestId('thing-model-published-version').textContent()).resolves.toBe(
      zh('thingModel.notPublished'),
    );

    // editTheDraft: one enum property, checked by the contract's rules in the dialog.
    await page.getByTestId('thing-model-edit-draft').click();
    await page.waitForURL(/editTheDraft$/);
    await page.getByTestId('thing-model-add-properties').click();
    await page.getByTestId('thing-model-identifier').fill('1mode');
    await page.getByTestId('thing-model-name').fill('运行模式');
    await choose(page, 'thing-model-data-type-type', zh('thingModel.type.enum'));
    await page.getByTestId('modal-ok').click();
    await fieldError(page, 'catalog.validation.identifier').waitFor();
    await page.getByTestId('thing-model-identifier').fill('mode');
    await page.getByTestId('modal-ok').click();
    await expect
      .poll(() => page.getByTestId('thing-model-item-error').textContent(), POLL)
      .toContain(zh('catalog.validation.enumEmpty'));
    await page.getByTestId('thing-model-data-type-value-add').click();
    await page.getByTestId('thing-model-data-type-value-label').fill('制热');
    await page.getByTestId('modal-ok').click();
    await page
      .getByTestId('thing-model-draft-editor-properties')
      .locator('tr.ant-table-row', { hasText: 'mode' })
      .waitFor();
    await page.getByTestId('thing-model-save-draft').click();

    await page.waitForURL(/thingModelProductDetail\/\d+$/);
    await expect
      .poll(() => page.getByTestId('thing-model-draft-state').textContent(), POLL)
      .toBe(zh('thingModel.draftChanged'));
    await page.getByTestId('thing-model-publish').click();
    await page.getByTestId('thing-model-publish-confirm').click();
    await expect.poll(() => page.getByTestId('thing-model-published-version').textContent(), POLL).toBe('v1');
    await page
      .getByTestId('thing-model-published-properties')
      .locator('tr.ant-table-row', { hasText: '运行模式' })
      .waitFor();

    // A file that is not JSON is refused with a clear message; the draft stays.
    const fileInput = page.locator('input[type=file]');
    await fileInput.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{ "properties": ['),
    });
    await page.getByTestId('thing-model-import-error').waitFor();
    await expect(page.getByTestId('thing-model-import-error').textContent()).resolves.toContain('broken.json');
    await expect(page.getByTestId('thing-model-draft-state').textContent()).resolves.toBe(zh('thingModel.draftSame'));

    // Export the published model, then import it with one more property into the draft.
    const download = page.waitForEvent('download');
    await page.getByTestId('thing-model-export-published').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${ALINK_PRODUCT}-thing-model.json`);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const exported = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { properties: unknown[] };
    expect(exported.properties).toHaveLength(1);
    const extra = {
      identifier: 'waterTemp',
      name: '出水温度',
      accessMode: 'r',
      required: false,
      description: '',
      dataType: { type: 'float', min: -20, max: 80, step: 0.1, unit: '°C', values: [], length: null },
    };
    await fileInput.setInputFiles({
      name: 'model.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...exported, properties: [...exported.properties, extra] })),
    });
    await expect
      .poll(() => page.getByTestId('thing-model-draft-state').textContent(), POLL)
      .toBe(zh('thingModel.draftChanged'));
    await saveScreenshot(page, 'catalog-thing-model');
  }

  async function productList(page: Page): Promise<void> {
    const products = await openCatalogMenu(page, '/company/productManage/productsManage', 'product-table');
    await choose(page, 'product-search-type', zh('products.productMessageType.tm'));
    await page.getByTestId('product-table-search-submit').click();
    // Only thing-model products remain (the demo catalog may hold others than ours).
    const rows = products.locator('tr.ant-table-row');
    const filtered = (texts: string[]) =>
      texts.some((row) => row.includes(ALINK_PRODUCT)) && !texts.some((row) => row.includes(CUSTOM_PRODUCT));
    await expect.poll(() => rows.allTextContents().then(filtered), POLL).toBe(true);
    expect((await rows.allTextContents()).every((row) => row.includes(zh('products.productMessageType.tm')))).toBe(
      true,
    );
    // A product-point product opens productDetail, an Alink one thingModelProductDetail.
    await products.locator('tr.ant-table-row', { hasText: ALINK_PRODUCT }).getByTestId('product-open').click();
    await page.waitForURL(/thingModelProductDetail\/\d+$/);
    // The open page follows the language switch, enum labels included.
    await page.getByTestId('language-switch').getByText('English').click();
    await page
      .getByTestId('thing-model-export-published')
      .getByText(text('en-US', 'thingModel.exportPublished'))
      .waitFor();
    await page
      .getByTestId('product-detail-tabs')
      .getByRole('tab', { name: text('en-US', 'products.tabBasic') })
      .click();
    await expect
      .poll(() => page.getByTestId('product-basic-info').textContent(), POLL)
      .toContain(text('en-US', 'products.dataFormat.alink'));
    await page.getByTestId('language-switch').getByText('中文').click();
    await page
      .getByTestId('product-detail-tabs')
      .getByRole('tab', { name: zh('products.tabBasic') })
      .waitFor();

    // The series has products: the server refuses to delete it and the console says why.
    const series = await openCatalogMenu(page, '/company/productManage/seriesManage', 'series-table');
    const row = series.locator('tr.ant-table-row', { hasText: SERIES });
    await expect.poll(() => row.textContent(), POLL).toContain('2');
    await row.getByTestId('row-delete').click();
    await page.getByTestId('row-delete-confirm').filter({ visible: true }).click();
    await waitForToast(page, zh('catalog.error.seriesInUse').replace('{{count}}', '2'));
  }
});
