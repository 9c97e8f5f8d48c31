import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import mqtt from 'mqtt';
import { addDevice, listFaults, productOptions, type CallDef, type FaultRecord, type Locale } from '@dcc/contract';
import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable, encodeReport } from '@dcc/protocol';
import { signDeviceLogin } from '@dcc/protocol/device-signature';
import { callAsPage, openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { POLL } from './support/waits.ts';
import { waitForToast } from './support/toasts.ts';

const OPERATOR = '13800000000';
const FAULT_WORD = 30;
// E02 high pressure: bit 1 of the fault word, level 3 (heavy).
const HIGH_PRESSURE = 0b10;

/** Makes a contract call with the browser's session (the device is set up the way the add-device page would). */
async function api<T>(page: Page, def: CallDef, body: Record<string, unknown>): Promise<T> {
  const answer = await callAsPage<T>(page, def.path, body, 'en_US');
  if (answer.error_code !== 0) throw new Error(`${def.path}: ${answer.error_msg}`);
  return answer.objectResult as T;
}

/**
 * A new heat pump of the operator's company that signs in to the server's broker and reports a
 * high-pressure fault and a frame that does not decode, through the real ingest (QoS 1: each
 * publish resolves once the server stored it).
 */
async function faultyDevice(page: Page, mqttPort: number, deviceCode: string): Promise<string> {
  const products = await api<Array<{ id: string; name: string }>>(page, productOptions, {});
  // Named in the caller's language: the Chinese name or the English one.
  const productId = products.find((p) => p.name === '空气源热泵 A200' || p.name === 'Heat pump A200')!.id;
  const added = await api<{ deviceId: string; deviceSecret: string }>(page, addDevice, {
    deviceCode,
    deviceName: `Faulty ${deviceCode}`,
    productId,
  });
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
    ...signDeviceLogin(deviceCode, added.deviceSecret, Date.now()),
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  try {
    const values = new Map(DEMO_HEAT_PUMP_VALUES);
    values.set(FAULT_WORD, HIGH_PRESSURE);
    const report = encodeReport(
      deviceCode,
      [...values].map(([address, value]) => ({ address, value })),
      demoHeatPumpTable(),
      { seq: 1 },
    );
    if (!report.ok) throw new Error(report.error.message);
    await client.publishAsync(`dev/${deviceCode}/up`, Buffer.from(report.bytes), { qos: 1 });
    await client.publishAsync(`dev/${deviceCode}/up`, Buffer.from([0xaa, 0x55]), { qos: 1 });
  } finally {
    await client.endAsync();
  }
  return added.deviceId;
}

async function search(page: Page, tableTestId: string, keyword: string): Promise<void> {
  await page.getByTestId(`${tableTestId}-keyword`).fill(keyword);
  await page.getByTestId(`${tableTestId}-search-submit`).click();
}

const rows = (page: Page, tableTestId: string) =>
  page.getByTestId(tableTestId).locator('tbody tr.ant-table-row').filter({ visible: true });

describe('fault and abnormal devices', () => {
  const env = useServerAndBrowser({ mqtt: true });

  it.each(['zh-CN', 'en-US'] as const)(
    'marks a fault reported through the ingest repaired and finds the device among the abnormal ones (%s)',
    async (locale: Locale) => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      try {
        const deviceCode = `E2EFLT${locale === 'zh-CN' ? 'ZH' : 'EN'}${Date.now().toString(36).toUpperCase()}`;
        const deviceId = await faultyDevice(page, env.server.mqttPort!, deviceCode);

        // Current faults: the device's E02, marked repaired after confirming.
        await page.goto(`${env.baseUrl}/#/company/deviceManage/faultDeviceManage`);
        await page.getByTestId('current-fault-table').waitFor();
        await search(page, 'current-fault-table', deviceCode);
        await expect.poll(() => rows(page, 'current-fault-table').count(), POLL).toBe(1);
        const row = rows(page, 'current-fault-table').first();
        await expect.poll(() => row.innerText()).toContain('E02');
        expect(await row.innerText()).toContain(text(locale, 'deviceFaults.type.heavy'));
        await row.getByTestId('fault-repair').click();
        await page.getByTestId('fault-repair-confirm').filter({ visible: true }).click();
        await waitForToast(page, text(locale, 'deviceFaults.repaired'));
        await expect.poll(() => rows(page, 'current-fault-table').count(), POLL).toBe(0);

        // History: repaired, by the operator.
        await page.getByRole('tab', { name: text(locale, 'deviceFaults.historyTab') }).click();
        await page.getByTestId('fault-history-table').waitFor();
        await search(page, 'fault-history-table', deviceCode);
        await expect.poll(() => rows(page, 'fault-history-table').count(), POLL).toBe(1);
        const history = rows(page, 'fault-history-table').first();
        expect(await history.getByTestId('fault-status').innerText()).toBe(
          text(locale, 'deviceFaults.status.repaired'),
        );
        expect(await history.getByTestId('fault-repair').count()).toBe(0);

        // Abnormal devices: the frame that did not decode, counted once; the code opens the device's detail.
        await page.goto(`${env.baseUrl}/#/company/deviceManage/abnormalDeviceManage`);
        await page.getByTestId('abnormal-table').waitFor();
        await search(page, 'abnormal-table', deviceCode);
        await expect.poll(() => rows(page, 'abnormal-table').count(), POLL).toBe(1);
        const abnormal = rows(page, 'abnormal-table').first();
        expect(await abnormal.getByTestId('abnormal-reason-malformed').innerText()).toBe(
          text(locale, 'deviceFaults.reasonCount.malformed').replace('{{count}}', '1'),
        );
        await abnormal.getByTestId('device-link').click();
        await page.waitForURL(new RegExp(`deviceDetail/${deviceId}$`));

        // The detail's faults tab names who repaired the fault and when; its operation log has the repair.
        const repaired = (
          await api<{ list: FaultRecord[] }>(page, listFaults, { keyword: deviceCode, status: 'repaired' })
        ).list[0]!;
        await page.getByRole('tab', { name: text(locale, 'deviceHistory.tabs.faults') }).click();
        await page.getByRole('tab', { name: text(locale, 'deviceHistory.faults.history'), exact: true }).click();
        await expect.poll(() => rows(page, 'faults-history-table').count(), POLL).toBe(1);
        const detailFault = await rows(page, 'faults-history-table').first().innerText();
        expect(detailFault).toContain(repaired.repairedBy);
        expect(repaired.repairedBy).not.toBe('');
        await page.getByRole('tab', { name: text(locale, 'deviceHistory.tabs.operationLog') }).click();
        await expect
          .poll(() => rows(page, 'operation-table').first().innerText(), POLL)
          .toContain(text(locale, 'deviceHistory.operation.actions.repairFault'));
      } finally {
        await context.close();
      }
    },
  );
});
