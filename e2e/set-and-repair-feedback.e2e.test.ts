import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { listDevices, listFaults, setDevicePointValues, type FaultRecord, type Locale } from '@dcc/contract';
import { saveScreenshot } from './support/browser.ts';
import { openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { connectedHeatPump, okAsPage as ok } from './support/faultyHeatPump.ts';
import { POLL } from './support/waits.ts';
import { waitForToast } from './support/toasts.ts';

/**
 * Issue 20, controls that tell the truth, in both languages:
 * - after a thing-model property set is applied, the property's row shows the new value at once (the
 *   simulated fleet reports only every 10 minutes here, so only the set's reply can bring it);
 * - marking a fault repaired while the device still reports it says so before (in the confirmation) and
 *   after (the toast), and once the device reports it again the repaired fault links its new occurrence.
 */
const OPERATOR = '13800000000';
/** Every eighth demo unit is an Alink (thing-model) water heater. */
const WATER_HEATER = 'WH2406X0001';
/** TargetTemperature, the heater model's second property (address 2): read-write, 35..75 °C. */
const TARGET_TEMPERATURE = 2;

const rows = (page: Page, tableTestId: string) =>
  page.getByTestId(tableTestId).locator('tbody tr.ant-table-row').filter({ visible: true });

async function search(page: Page, tableTestId: string, keyword: string): Promise<void> {
  await page.getByTestId(`${tableTestId}-keyword`).fill(keyword);
  await page.getByTestId(`${tableTestId}-search-submit`).click();
}

describe('set and repair feedback', () => {
  const env = useServerAndBrowser({ mqtt: true, env: { SIM_DEVICES: '10', SIM_REPORT_SECONDS: '600' } });

  for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly Locale[]) {
    it(`${locale}: a thing-model property set the device applied shows its new value in the row at once`, async () => {
      const t = (key: string) => text(locale, key);
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      try {
        const found = await ok<{ list: Array<{ deviceId: string; deviceCode: string }> }>(page, listDevices.path, {
          keyword: WATER_HEATER,
          pageIndex: 1,
          pageSize: 10,
        });
        const deviceId = found.list.find((d) => d.deviceCode === WATER_HEATER)!.deviceId;
        await page.goto(`${env.baseUrl}/#/company/deviceManage/devicesManage/thingModelDeviceDetail/${deviceId}`);
        await page
          .getByTestId('device-header')
          .getByTestId('device-live')
          .and(page.locator('[data-state="live"]'))
          .waitFor({ timeout: POLL.timeout });
        await page.getByTestId('device-tab-properties').click();
        const row = page.getByTestId('tm-properties').getByTestId(`point-${TARGET_TEMPERATURE}`);
        await row.waitFor();
        const value = row.getByTestId(`value-${TARGET_TEMPERATURE}`);
        const before = await value.innerText();
        // A value the row does not show yet (the two runs of the file alternate it).
        const target = before.startsWith('61') ? 62 : 61;
        const sent: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes(setDevicePointValues.path)) sent.push(request.postData() ?? '');
        });
        const input = row.locator(
          `input[data-testid="set-${TARGET_TEMPERATURE}-input"], [data-testid="set-${TARGET_TEMPERATURE}-input"] input`,
        );
        await input.fill(String(target));
        await row.getByTestId(`set-${TARGET_TEMPERATURE}-submit`).click();
        await expect
          .poll(() => row.getByTestId(`set-${TARGET_TEMPERATURE}-note`).innerText(), POLL)
          .toBe(t('deviceDetail.answer.applied'));
        expect(sent).toHaveLength(1);
        // The fleet's next property post is 10 minutes away: only the set's reply can show the new value.
        await expect.poll(() => value.innerText(), POLL).toBe(`${target} °C`);
      } catch (error) {
        await saveScreenshot(page, `thing-model-set-failure-${locale}`);
        throw error;
      } finally {
        await context.close();
      }
    }, 240_000);

    it(`${locale}: marking a fault repaired while the device still reports it warns before and after, then links its new occurrence`, async () => {
      const t = (key: string) => text(locale, key);
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      const deviceCode = `E2ESTILL${locale === 'zh-CN' ? 'ZH' : 'EN'}${Date.now().toString(36).toUpperCase()}`;
      const device = await connectedHeatPump(page, env.server.mqttPort!, deviceCode);
      try {
        await device.reportFault();
        await page.goto(`${env.baseUrl}/#/company/deviceManage/faultDeviceManage`);
        await page.getByTestId('current-fault-table').waitFor();
        await search(page, 'current-fault-table', deviceCode);
        await expect.poll(() => rows(page, 'current-fault-table').count(), POLL).toBe(1);
        const row = rows(page, 'current-fault-table').first();
        await expect.poll(() => row.innerText(), POLL).toContain('E02');

        // Before: the confirmation says the connected device still reports the fault.
        await row.getByTestId('fault-repair').click();
        await expect
          .poll(() => page.getByTestId('fault-repair-still-reported').filter({ visible: true }).innerText(), POLL)
          .toBe(t('deviceFaults.repairStillReported'));
        await page.getByTestId('fault-repair-confirm').filter({ visible: true }).click();
        // After: the toast says it opens again at the next report.
        await waitForToast(page, t('deviceFaults.repairedStillReported'));
        await expect.poll(() => rows(page, 'current-fault-table').count(), POLL).toBe(0);

        // The device reports it again: a new occurrence opens (the server's answer), and the repaired one links to it.
        await device.reportFault();
        await expect
          .poll(async () => {
            const open = await ok<{ list: FaultRecord[] }>(page, listFaults.path, {
              keyword: deviceCode,
              status: 'notRepaired',
            });
            return open.list.length;
          }, POLL)
          .toBe(1);
        // The current list on screen shows it again without a new search (the live stream's fault event).
        await expect.poll(() => rows(page, 'current-fault-table').count(), POLL).toBe(1);
        await page.getByRole('tab', { name: t('deviceFaults.historyTab') }).click();
        await page.getByTestId('fault-history-table').waitFor();
        await search(page, 'fault-history-table', deviceCode);
        const again = page
          .getByTestId('fault-history-table')
          .locator('tbody tr.ant-table-row', { has: page.getByTestId('fault-reported-again') })
          .filter({ visible: true });
        await expect.poll(() => again.count(), POLL).toBe(1);
        const link = again.first().getByTestId('fault-reported-again');
        expect(await link.innerText()).toContain(t('deviceFaults.reportedAgain').replace('{{time}}', '').trim());
        await link.click();
        await page.waitForURL(new RegExp(`deviceDetail/${device.deviceId}`));
        await expect.poll(() => rows(page, 'faults-current-table').count(), POLL).toBe(1);
      } catch (error) {
        await saveScreenshot(page, `fault-still-reported-failure-${locale}`);
        throw error;
      } finally {
        await device.close();
        await context.close();
      }
    }, 240_000);
  }
});
