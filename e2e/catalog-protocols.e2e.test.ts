import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import * as XLSX from '@e965/xlsx';
import { saveScreenshot } from './support/browser.ts';
import { openSignedIn, openSignedInAt, requiredText, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { openRoute, tableRows } from './organization-support.ts';
import { choose, clickOk, fillPoint, savePoint } from './catalog-support.ts';
import { POLL } from './support/waits.ts';

const PROTOCOLS = '/company/productManage/protocalManage';
const OPERATOR = '13800000000';
const PROTOCOL = { name: '浏览器测试协议', code: 'E2E-PROTO' };
// The machine is shared and busy: give a list refresh more than vitest's default second.
const zh = (key: string) => text('zh-CN', key);

/** Clicks a row's confirmed action and its visible confirm button. */
async function confirmAction(scope: Locator | Page, action: string): Promise<void> {
  await scope.getByTestId(action).click();
  const page = 'page' in scope ? scope.page() : scope;
  await page.getByTestId(`${action}-confirm`).filter({ visible: true }).click();
}

describe('protocols: versions, points, Excel, history and the frame inspector', () => {
  const env = useServerAndBrowser();

  it('the operator builds a protocol point by point, round-trips its table through Excel and decodes a frame', async () => {
    const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR);
    try {
      await journey(page);
    } catch (error) {
      await saveScreenshot(page, 'catalog-protocols-failure');
      throw error;
    }
    await context.close();
  }, 300_000);

  it('in English: the demo heat-pump protocol lists its product and points, filters by mode and decodes its sample frame', async () => {
    const { context, page } = await openSignedInAt(env.browser, env.baseUrl, OPERATOR, PROTOCOLS, 'protocol-table');
    try {
      await page.getByTestId('language-switch').getByText('English').click();
      await page
        .getByTestId('protocol-table')
        .getByText(text('en-US', 'protocols.versionCount'), { exact: true })
        .first()
        .waitFor();
      await page.getByTestId('protocol-search-code').fill('hp-std');
      await page.getByTestId('protocol-table-search-submit').click();
      await expect.poll(() => tableRows(page, 'protocol-table').count(), POLL).toBe(1);
      // Its product named in the reader's language.
      await expect(tableRows(page, 'protocol-table').first().textContent()).resolves.toContain('Heat pump A200');
      await tableRows(page, 'protocol-table').first().getByTestId('protocol-detail-link').click();
      const points = page.getByTestId('point-table');
      await expect.poll(() => tableRows(page, 'point-table').count(), POLL).toBe(16);
      await expect(points.textContent()).resolves.toContain(text('en-US', 'points.flag.faultType'));
      await choose(page, 'point-mode-filter', 'RW');
      await page.getByTestId('point-table-search-submit').click();
      await expect.poll(() => tableRows(page, 'point-table').count(), POLL).toBe(5);

      await openRoute(page, env.baseUrl, `${PROTOCOLS}/frameInspector`, 'frame-inspector');
      await page.getByTestId('frame-sample').click();
      await page.getByTestId('frame-decode').click();
      await expect
        .poll(() => page.getByTestId('frame-crc-status').textContent(), POLL)
        .toBe(text('en-US', 'frames.crcOk'));
      await expect(page.getByTestId('frame-rows').textContent()).resolves.toContain('Compressor, Water pump, Fan');
    } catch (error) {
      await saveScreenshot(page, 'catalog-protocols-english-failure');
      throw error;
    }
    await context.close();
  });

  async function journey(page: Page): Promise<void> {
    await openRoute(page, env.baseUrl, PROTOCOLS, 'protocol-table');

    // Add: the contract's rules run in the console with the server's messages.
    await page.getByTestId('protocol-add').click();
    await page.getByTestId('protocol-name-input').fill(PROTOCOL.name);
    await page.getByTestId('protocol-code-input').fill('bad code!');
    await clickOk(page);
    await page.getByText(zh('catalog.validation.protocolCode')).waitFor();
    await page.getByTestId('protocol-code-input').fill(PROTOCOL.code);
    await clickOk(page);
    const row = page.getByTestId('protocol-table').locator('tr.ant-table-row', { hasText: PROTOCOL.code });
    await row.waitFor();

    // Detail: the first version is there, empty.
    await row.getByTestId('protocol-detail-link').click();
    await page.getByTestId('protocol-detail').waitFor();
    await expect.poll(() => page.getByTestId('version-select').textContent(), POLL).toContain('V1.0');

    // An enum point: at least one item, none empty.
    await page.getByTestId('point-add').click();
    await page.getByTestId('point-save').click();
    await page.locator('.ant-form-item-explain-error', { hasText: requiredText('zh-CN', 'points.name') }).waitFor();
    await fillPoint(page, 1, 'power', '开关机');
    await choose(page, 'point-mode-select', 'RW');
    await page.getByTestId('point-value-kind').locator('input[value=enum]').check();
    await page.getByTestId('point-save').click();
    await page.getByText(zh('catalog.validation.enumEmpty')).waitFor();
    await page.getByTestId('enum-item-add').click();
    await page.getByTestId('enum-item-add').click();
    await page.getByTestId('enum-item-label-0').fill('关机');
    await page.getByTestId('enum-item-en-label-0').fill('Off');
    await page.getByTestId('enum-item-label-1').fill('开机');
    await page.getByTestId('enum-item-en-label-1').fill('On');
    await saveScreenshot(page, 'catalog-protocols-point-editor');
    await savePoint(page, 'power');

    // A fault point with one fault definition by bit.
    await page.getByTestId('point-add').click();
    await fillPoint(page, 30, 'fault1', '故障字1');
    await page.getByTestId('fault-type-switch').click();
    await page.getByTestId('fault-definition-add').click();
    await page.getByTestId('fault-code-0').fill('E01');
    await page.getByTestId('fault-bit-0').fill('0');
    await page.getByTestId('fault-description-0').fill('水流故障');
    await savePoint(page, 'fault1');

    // The server checks the point against the whole table: a range ending at a missing point is refused, its message shown as is.
    await page.getByTestId('point-add').click();
    await fillPoint(page, 3, 'setHot', '热水设定温度');
    await page.getByTestId('point-value-range').fill('30..$99$');
    await page.getByTestId('point-save').click();
    await expect.poll(() => page.getByTestId('point-server-error').textContent(), POLL).toContain('99');
    // The refusal is about this point's own field: shown on it too, and gone once the field is edited.
    const rangeError = page
      .locator('.ant-form-item', { has: page.getByTestId('point-value-range') })
      .locator('.ant-form-item-explain-error');
    await expect.poll(() => rangeError.textContent(), POLL).toContain('99');
    await page.getByTestId('point-value-range').fill('30..$1$');
    await expect.poll(() => page.getByTestId('point-server-error').count(), POLL).toBe(0);
    await expect.poll(() => rangeError.count(), POLL).toBe(0);
    await savePoint(page, 'setHot');
    expect(await tableRows(page, 'point-table').count()).toBe(3);

    // Excel: export, then import the same file: nothing changes.
    const download = page.waitForEvent('download');
    await page.getByTestId('points-export').click();
    const file = readFileSync((await (await download).path())!);
    await page.getByTestId('points-import').setInputFiles({
      name: 'points.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await expect.poll(() => page.getByTestId('import-confirm-text').textContent(), POLL).toContain('3');
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => page.getByTestId('import-unchanged').textContent(), POLL).toBe('3');
    await clickOk(page);

    // A file with a bad point code is refused whole, each problem named by row and column.
    const workbook = XLSX.read(file, { type: 'buffer' });
    const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
    const cell = Object.keys(sheet).find(
      (address) => !address.startsWith('!') && (sheet[address] as { v?: unknown }).v === 'power',
    );
    expect(cell).toBeDefined();
    sheet[cell!] = { t: 's', v: '1 bad code' };
    const bad = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    await page.getByTestId('points-import').setInputFiles({
      name: 'bad.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: bad,
    });
    await page.getByTestId('import-confirm').click();
    const problems = page.getByTestId('import-problems');
    await problems.locator('tr.ant-table-row').first().waitFor();
    await expect(problems.locator('tr.ant-table-row').count()).resolves.toBeGreaterThan(0);
    await saveScreenshot(page, 'catalog-protocols-import-problems');
    await clickOk(page);
    expect(await tableRows(page, 'point-table').count()).toBe(3);

    // A new version starting with a copy of V1.0's points.
    await page.getByTestId('version-add').click();
    await page.getByTestId('version-name-input').fill('V1.1');
    await clickOk(page);
    await expect.poll(() => page.getByTestId('version-select').textContent(), POLL).toContain('V1.1');
    await expect.poll(() => tableRows(page, 'point-table').count(), POLL).toBe(3);
    // Rename it, then delete it after confirming: V1.0 is shown again.
    await page.getByTestId('version-edit').click();
    await page.getByTestId('version-name-input').fill('V1.2');
    await clickOk(page);
    await expect.poll(() => page.getByTestId('version-select').textContent(), POLL).toContain('V1.2');
    await confirmAction(page, 'version-delete');
    await expect.poll(() => page.getByTestId('version-select').textContent(), POLL).toContain('V1.0');
    await page.getByTestId('version-select').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').count(), POLL).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('version-select').textContent(), POLL).toContain('V1.0');

    // Editing a point keeps its fields and records a field diff.
    await page
      .getByTestId('point-table')
      .locator('tr.ant-table-row', { hasText: 'setHot' })
      .getByTestId('point-open')
      .click();
    await expect.poll(() => page.getByTestId('point-value-range').inputValue(), POLL).toBe('30..$1$');
    await page.getByTestId('point-name').fill('热水目标温度');
    await page.getByTestId('point-save').click();
    await page.getByTestId('point-table').locator('tr.ant-table-row', { hasText: '热水目标温度' }).waitFor();

    // The history lists each change, newest first, with a field diff.
    await page.getByTestId('point-history-link').click();
    const history = page.getByTestId('history-table');
    await history.locator('tr.ant-table-row').first().waitFor();
    await expect(history.locator('tr.ant-table-row').first().textContent()).resolves.toContain(
      zh('pointHistory.action.update'),
    );
    await history.locator('tr.ant-table-row').first().getByTestId('history-detail-link').click();
    const changes = page.getByTestId('history-changes');
    await expect.poll(() => changes.textContent(), POLL).toContain('热水目标温度');
    await expect(changes.textContent()).resolves.toContain('热水设定温度');
    expect(await changes.locator('tr.ant-table-row').count()).toBe(1);

    // The frame inspector decodes the demo heat pump's sample frame with its seeded protocol.
    await openRoute(page, env.baseUrl, PROTOCOLS, 'protocol-table');
    await page.getByTestId('frame-inspector-link').click();
    await page.getByTestId('frame-sample').click();
    await page.getByTestId('frame-decode').click();
    await expect.poll(() => page.getByTestId('frame-crc-status').getAttribute('data-crc'), POLL).toBe('ok');
    await expect(page.getByTestId('frame-rows').textContent()).resolves.toContain('tOut');
    await saveScreenshot(page, 'catalog-protocols-frame');
    // One changed byte: the CRC no longer matches.
    const hex = await page.getByTestId('frame-hex-input').inputValue();
    await page.getByTestId('frame-hex-input').fill(`${hex.slice(0, -2)}${hex.endsWith('00') ? '01' : '00'}`);
    await page.getByTestId('frame-decode').click();
    await expect
      .poll(
        async () =>
          (await page
            .getByTestId('frame-crc-status')
            .getAttribute('data-crc')
            .catch(() => null)) ?? (await page.getByTestId('frame-error').isVisible()),
        POLL,
      )
      .not.toBe('ok');

    // Edit keeps the code unless changed; delete asks first.
    await openRoute(page, env.baseUrl, PROTOCOLS, 'protocol-table');
    await page
      .getByTestId('protocol-table')
      .locator('tr.ant-table-row', { hasText: PROTOCOL.code })
      .getByTestId('row-edit')
      .click();
    await expect.poll(() => page.getByTestId('protocol-code-input').inputValue(), POLL).toBe(PROTOCOL.code);
    await page.getByTestId('protocol-description-input').fill('浏览器测试用');
    await clickOk(page);
    await page.getByTestId('protocol-table').locator('tr.ant-table-row', { hasText: '浏览器测试用' }).waitFor();
    await confirmAction(
      page.getByTestId('protocol-table').locator('tr.ant-table-row', { hasText: PROTOCOL.code }),
      'row-delete',
    );
    await expect
      .poll(
        () => page.getByTestId('protocol-table').locator('tr.ant-table-row', { hasText: PROTOCOL.code }).count(),
        POLL,
      )
      .toBe(0);
  }
});
