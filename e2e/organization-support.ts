import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext } from './support/browser.ts';
import { DEMO_PASSWORD, openLogin, signInAsAUserWould, waitForShell, waitUntilLoaded } from './support/console.ts';

/** A real PNG (RGB, solid colour) of the given size, built byte by byte. */
export function pngImage(width: number, height: number, rgb: [number, number, number] = [22, 119, 255]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Signs in and, when the account has several companies, enters the one named `companyName`. */
export async function signInToCompany(
  browser: Browser,
  baseUrl: string,
  account: string,
  companyName: string,
  password = DEMO_PASSWORD,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await openLogin(page, baseUrl);
  await signInAsAUserWould(page, account, { password });
  const chooser = page.getByTestId('company-chooser');
  if (await chooser.isVisible())
    await chooser.getByTestId('company-option').filter({ hasText: companyName }).getByRole('button').click();
  await waitForShell(page);
  return { context, page };
}

/** Opens a console route by its hash path and waits for `testId` loaded (waitUntilLoaded). */
export async function openRoute(page: Page, baseUrl: string, path: string, testId: string): Promise<void> {
  await page.goto(`${baseUrl}/#${path}`);
  await waitUntilLoaded(page, testId);
}

/** Picks a cascader path (labels level by level) in the cascader with `testId`. */
export async function pickArea(page: Page, testId: string, labels: readonly string[]): Promise<void> {
  await page.getByTestId(testId).first().click();
  for (const [level, label] of labels.entries()) {
    await page
      .locator('.ant-cascader-dropdown:visible .ant-cascader-menu')
      .nth(level)
      .getByText(label, { exact: true })
      .click();
  }
  await page.keyboard.press('Escape');
}

/** Rows of the table with `testId` (tree children included once opened). */
export const tableRows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');
