import type { Locator, Page } from 'playwright-core';
import { openMenuPage } from './support/console.ts';

/** Helpers shared by the catalog browser tests (series, data types, products, protocols). */

/** Opens the select with `testId` and picks the visible option showing `label`. */
export async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first().click();
}

/** Clicks the OK button of the open dialog (closed dialogs stay in the page, hidden). */
export const clickOk = (page: Page) => page.getByTestId('modal-ok').filter({ visible: true }).click();

/** Opens a page of the product-management menu and waits for its table. */
export const openCatalogMenu = (page: Page, path: string, tableTestId: string): Promise<Locator> =>
  openMenuPage(page, '/company/productManage', path, tableTestId);

/** Fills the point editor's identity fields of a new point. */
export async function fillPoint(page: Page, address: number, code: string, name: string): Promise<void> {
  await page.getByTestId('point-address').fill(String(address));
  await page.getByTestId('point-code').fill(code);
  await page.getByTestId('point-name').fill(name);
}

/** Saves the open point editor and waits for the point table to list `code`. */
export async function savePoint(page: Page, code: string): Promise<void> {
  await page.getByTestId('point-save').click();
  await page.getByTestId('point-table').locator('tr.ant-table-row', { hasText: code }).waitFor();
}
