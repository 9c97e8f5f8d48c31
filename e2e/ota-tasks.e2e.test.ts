import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  activateDevice,
  addDevice,
  listDevices,
  ota2UploadFirmware,
  productOptions,
  type CallResponse,
} from '@dcc/contract';
import { HP, VirtualDevice } from '@dcc/simulator';
import { callAsPage, openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { POLL } from './support/waits.ts';

/**
 * OTA tasks in the console (issue 23), in both languages: a firmware uploaded through the API, ten simulated heat
 * pumps online through the server's broker; the operator creates a task for them by filter in the task list, and
 * watches its progress reach finished live, with each device's statuses in the reader's language.
 */
const OPERATOR = '13800000000';
const FLEET = 10;

async function api<T>(page: Page, path: string, body: Record<string, unknown>): Promise<T> {
  const answer = await callAsPage<T>(page, path, body);
  if (answer.error_code !== 0) throw new Error(`${path}: ${answer.error_msg}`);
  return answer.objectResult as T;
}

/** Uploads a firmware file as the console would (multipart, the file last), with the page's session. */
async function uploadFirmware(page: Page, productId: string, version: string): Promise<void> {
  const bytes = [...randomBytes(48 * 1024)];
  const answer = await page.evaluate(
    async ({ url, fields, file }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([new Uint8Array(file)]), `main-${fields.version}.plcx`);
      // The context travels in headers, as the console's uploads send it (apps/web/src/api/upload.ts).
      const headers = {
        sessionid: sessionStorage.getItem('sessionid') ?? '',
        dealersid: sessionStorage.getItem('dealersId') ?? '',
      };
      const response = await fetch(`${url}?language=en_US`, { method: 'POST', body: form, headers });
      return (await response.json()) as { error_code: number; error_msg: string };
    },
    {
      url: ota2UploadFirmware.path,
      fields: { productId, type: 'mainboard', version, softwareCode: 'HPA200-MB', hardwareCode: 'HW-A2' },
      file: bytes,
    },
  );
  if (answer.error_code !== 0) throw new Error(`upload: ${answer.error_msg}`);
}

/** Ten new heat pumps whose IoT codes start with `tag`, online and activated. */
async function onlineFleet(page: Page, mqttPort: number, productId: string, tag: string): Promise<VirtualDevice[]> {
  const dtus: VirtualDevice[] = [];
  for (let k = 0; k < FLEET; k++) {
    const code = `${tag}${k}`;
    const { deviceId, deviceSecret } = await api<{ deviceId: string; deviceSecret: string }>(page, addDevice.path, {
      deviceCode: code,
      deviceName: `OTA ${code}`,
      productId,
    });
    const dtu = new VirtualDevice({
      url: `mqtt://127.0.0.1:${mqttPort}`,
      identity: { code, secret: deviceSecret, kind: 'heatPump' },
      reportIntervalMs: 2000,
      heartbeatIntervalMs: 600_000,
    });
    dtu.start();
    // Idle with a strong signal (switched off: no defrost, no heater), as the OTA bench's fleet: the simulated unit's
    // heater can otherwise stay on for minutes, and the task waits for a busy unit ('deferred') as it should.
    dtu.adjust((pump) => {
      pump.values.set(HP.power, 0);
      pump.holdSignal(-50);
    });
    dtus.push(dtu);
    await expect
      .poll(
        async () =>
          (await api<CallResponse<typeof listDevices>>(page, listDevices.path, { keyword: code })).list[0]?.connected,
        POLL,
      )
      .toBe(true);
    await api(page, activateDevice.path, { deviceId, skipAudit: true });
  }
  return dtus;
}

describe('OTA tasks', () => {
  const env = useServerAndBrowser({ mqtt: true, env: { OTA_TICK_MS: '200' } });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: creates a task for ten simulated devices and watches it finish`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      const t = (key: string) => text(locale, key);
      const dtus: VirtualDevice[] = [];
      try {
        const products = await api<Array<{ id: string; name: string }>>(page, productOptions.path, {});
        const productId = products.find((p) => p.name === '空气源热泵 A200' || p.name === 'Heat pump A200')!.id;
        const version = locale === 'zh-CN' ? '7.0.1' : '7.0.2';
        await uploadFirmware(page, productId, version);
        const tag = `E2EOTA${locale === 'zh-CN' ? 'Z' : 'E'}${Date.now().toString(36).toUpperCase()}`;
        dtus.push(...(await onlineFleet(page, env.server.mqttPort!, productId, tag)));

        await page.goto(`${env.baseUrl}/#/company/otaManage/taskList`);
        await page.getByTestId('ota-task-create').click();
        const dialog = page.getByRole('dialog');
        await dialog.getByTestId('ota-create-firmware').click();
        await page.locator('.ant-select-item-option', { hasText: `(${version},` }).click();
        await dialog.getByText(t('otaTasks.target.filter')).click();
        await dialog.getByLabel(t('otaTasks.field.deviceCode')).fill(tag);
        await dialog.getByTestId('ota-create-waves').fill('50, 100');
        await dialog.getByTestId('ota-create-healthGate').click();
        await dialog.getByTestId('ota-create-ok').click();

        const table = page.getByTestId('ota-task-table');
        const row = table.locator('tr', { hasText: `main-${version}.plcx` });
        await row.waitFor(POLL);
        // Live progress: the state tag turns finished with no reload.
        await expect
          .poll(async () => row.locator('[data-testid^="ota-task-state-"]').getAttribute('data-state'), {
            ...POLL,
            timeout: 90_000,
          })
          .toBe('finished');
        await expect
          .poll(async () => row.locator('[data-testid^="ota-task-progress-"]').getAttribute('data-progress'))
          .toBe('100');
        await row.getByText(t('otaTasks.detail')).click();
        const detail = page.getByTestId('ota-task-devices');
        await detail.waitFor();
        expect(await detail.getByText(t('otaCatalog.upgradeStatuses.finished')).count()).toBeGreaterThan(0);
        expect(await detail.getByText(t('otaCatalog.paramStatuses.downloadSucceeded')).count()).toBeGreaterThan(0);
        for (const dtu of dtus) expect(dtu.ota.version).toBe(version);
      } finally {
        await Promise.all(dtus.map((d) => d.stop()));
        await context.close();
      }
    });
  }
});
