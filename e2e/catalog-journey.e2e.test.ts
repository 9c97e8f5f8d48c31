import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { compileTable, encodeReport, toHex, type DataType, type PointDef } from '@dcc/protocol';
import { saveScreenshot } from './support/browser.ts';
import { openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { tableRows } from './organization-support.ts';
import { choose, clickOk, fillPoint, openCatalogMenu, savePoint } from './catalog-support.ts';
import { POLL } from './support/waits.ts';

/**
 * Issue 4's journey in one sitting: a series, a data type, a protocol with an enum, a binary and a
 * fault-type point (and one read through the new data type), a product using it, the point table
 * exported and imported back unchanged, and a frame of that protocol decoded in the inspector.
 */
const SERIES = 'E2E_Journey_Series';
const DATA_TYPE: DataType = {
  name: 'e2e 0.1 signed',
  reportRule: 'x / 10',
  sendRule: 'x * 10',
  signed: true,
  sortOrder: 50,
};
const PROTOCOL = { name: '整机旅程协议', code: 'E2E-JOURNEY' };
const PRODUCT = 'E2E_Journey_Pump';
const zh = (key: string) => text('zh-CN', key);

/** The table the browser builds, as the engine sees it: the frame pasted into the inspector is encoded with it. */
const POINTS: PointDef[] = [
  {
    address: 2,
    code: 'mode',
    name: '运行模式',
    mode: 'RW',
    byteLength: 2,
    enumItems: [
      { value: 0, label: '制热' },
      { value: 1, label: '制冷' },
    ],
  },
  { address: 10, code: 'tIn', name: '进水温度', mode: 'R', byteLength: 2, dataType: DATA_TYPE.name, unit: '°C' },
  {
    address: 30,
    code: 'fault1',
    name: '故障字1',
    mode: 'R',
    byteLength: 2,
    faultType: true,
    faultDefinitions: [{ faultCode: 'E01', level: 2, bit: 0 }],
  },
  {
    address: 40,
    code: 'run',
    name: '运行状态',
    mode: 'R',
    byteLength: 2,
    binaryItems: [
      { bit: 0, code: 'comp', content: '压缩机' },
      { bit: 1, code: 'pump', content: '水泵' },
    ],
  },
];

function sampleFrame(): string {
  const compiled = compileTable(POINTS, [DATA_TYPE]);
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
  const frame = encodeReport(
    'E2E-DEV-0001',
    [
      { address: 2, value: 1 },
      { address: 10, value: -3.5 },
      { address: 30, value: 1 },
      { address: 40, value: 2 },
    ],
    compiled.table,
  );
  if (!frame.ok) throw new Error(frame.error.message);
  return toHex(frame.bytes);
}

async function startPoint(page: Page, address: number, code: string, name: string): Promise<void> {
  await page.getByTestId('point-add').click();
  await fillPoint(page, address, code, name);
}

describe('catalog journey', () => {
  const env = useServerAndBrowser();

  it('series, data type, protocol with enum, binary and fault points, product, Excel round trip, frame decoded', async () => {
    const { context, page } = await openSignedIn(env.browser, env.baseUrl, '13800000000');
    try {
      await journey(page);
    } catch (error) {
      await saveScreenshot(page, 'catalog-journey-failure');
      throw error;
    }
    await context.close();
  }, 300_000);

  async function journey(page: Page): Promise<void> {
    await openCatalogMenu(page, '/company/productManage/seriesManage', 'series-table');
    await page.getByTestId('series-add').click();
    await page.getByTestId('series-name-input').fill(SERIES);
    await clickOk(page);
    await page.getByTestId('series-table').locator('tr.ant-table-row', { hasText: SERIES }).waitFor();

    await openCatalogMenu(page, '/company/productManage/dataTypeManage', 'data-type-table');
    await page.getByTestId('data-type-add').click();
    await page.getByTestId('data-type-name-input').fill(DATA_TYPE.name);
    await page.getByTestId('data-type-report-rule').fill(DATA_TYPE.reportRule);
    await page.getByTestId('data-type-send-rule').fill(DATA_TYPE.sendRule);
    await page.getByTestId('data-type-signed').click();
    await page.getByTestId('data-type-sort-order').fill(String(DATA_TYPE.sortOrder));
    await page.getByTestId('data-type-submit').click();
    await page.getByTestId('data-type-table').locator('tr.ant-table-row', { hasText: DATA_TYPE.name }).waitFor();

    await openCatalogMenu(page, '/company/productManage/protocalManage', 'protocol-table');
    await page.getByTestId('protocol-add').click();
    await page.getByTestId('protocol-name-input').fill(PROTOCOL.name);
    await page.getByTestId('protocol-code-input').fill(PROTOCOL.code);
    await clickOk(page);
    const protocolRow = page.getByTestId('protocol-table').locator('tr.ant-table-row', { hasText: PROTOCOL.code });
    await protocolRow.getByTestId('protocol-detail-link').click();
    await expect.poll(() => page.getByTestId('version-select').textContent(), POLL).toContain('V1.0');

    await startPoint(page, 2, 'mode', '运行模式');
    await choose(page, 'point-mode-select', 'RW');
    await page.getByTestId('point-value-kind').locator('input[value=enum]').check();
    await page.getByTestId('enum-item-add').click();
    await page.getByTestId('enum-item-add').click();
    await page.getByTestId('enum-item-value-1').fill('1');
    await page.getByTestId('enum-item-label-0').fill('制热');
    await page.getByTestId('enum-item-label-1').fill('制冷');
    await savePoint(page, 'mode');

    await startPoint(page, 10, 'tIn', '进水温度');
    await choose(page, 'point-data-type', DATA_TYPE.name);
    await page.getByTestId('point-unit').fill('°C');
    await savePoint(page, 'tIn');

    await startPoint(page, 30, 'fault1', '故障字1');
    await page.getByTestId('fault-type-switch').click();
    await page.getByTestId('fault-definition-add').click();
    await page.getByTestId('fault-code-0').fill('E01');
    await choose(page, 'fault-level-0', '2');
    await page.getByTestId('fault-bit-0').fill('0');
    await savePoint(page, 'fault1');

    await startPoint(page, 40, 'run', '运行状态');
    await page.getByTestId('point-value-kind').locator('input[value=binary]').check();
    await page.getByTestId('binary-item-add').click();
    await page.getByTestId('binary-item-add').click();
    await page.getByTestId('binary-item-bit-0').fill('0');
    await page.getByTestId('binary-item-code-0').fill('comp');
    await page.getByTestId('binary-item-content-0').fill('压缩机');
    await page.getByTestId('binary-item-bit-1').fill('1');
    await page.getByTestId('binary-item-code-1').fill('pump');
    await page.getByTestId('binary-item-content-1').fill('水泵');
    await savePoint(page, 'run');
    await expect.poll(() => tableRows(page, 'point-table').count(), POLL).toBe(4);

    const download = page.waitForEvent('download');
    await page.getByTestId('points-export').click();
    const file = readFileSync((await (await download).path())!);
    await page.getByTestId('points-import').setInputFiles({
      name: 'points.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => page.getByTestId('import-unchanged').textContent(), POLL).toBe('4');
    await expect(page.getByTestId('import-updated').textContent()).resolves.toBe('0');
    await clickOk(page);
    await saveScreenshot(page, 'catalog-journey-points');

    await openCatalogMenu(page, '/company/productManage/productsManage', 'product-table');
    await page.getByTestId('product-add').click();
    await page.getByTestId('product-name-input').fill(PRODUCT);
    await choose(page, 'product-series-select', SERIES);
    await choose(page, 'product-network-select', zh('products.networkMethod.cellular'));
    await choose(page, 'product-node-type-select', zh('products.nodeType.direct'));
    await page.getByTestId('product-next').click();
    await page.getByTestId('product-data-format-custom').click();
    await choose(page, 'product-protocol-select', PROTOCOL.name);
    await page.getByTestId('product-submit').click();
    await page.getByTestId('product-detail-tabs').waitFor();
    await expect.poll(() => page.getByTestId('product-basic-info').textContent(), POLL).toContain(SERIES);

    await page.goto(`${env.baseUrl}/#/company/productManage/protocalManage/frameInspector`);
    await page.getByTestId('frame-inspector').waitFor();
    await choose(page, 'frame-protocol-select', PROTOCOL.name);
    await choose(page, 'frame-version-select', 'V1.0');
    await page.getByTestId('frame-hex-input').fill(sampleFrame());
    await page.getByTestId('frame-decode').click();
    await expect.poll(() => page.getByTestId('frame-crc-status').getAttribute('data-crc'), POLL).toBe('ok');
    const rows = page.getByTestId('frame-rows');
    await expect.poll(() => rows.textContent(), POLL).toContain('制冷');
    const shown = (await rows.textContent()) ?? '';
    expect(shown).toContain('-3.5');
    expect(shown).toContain('E01');
    expect(shown).toContain('水泵');
    expect(shown).not.toContain('压缩机');
    await saveScreenshot(page, 'catalog-journey-frame');
  }
});
