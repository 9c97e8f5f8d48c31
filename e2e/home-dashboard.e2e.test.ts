import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  activateDevice,
  addDevice,
  getAddDeviceByDay,
  getDealersStats,
  listDevices,
  productOptions,
  updateImportantStatus,
  type CallResponse,
  type Locale,
} from '@dcc/contract';
import { VirtualDevice } from '@dcc/simulator';
import { saveScreenshot } from './support/browser.ts';
import { callAsPage, openSignedIn, text } from './support/console.ts';
import { useServerAndBrowser } from './support/environment.ts';
import { POLL } from './support/waits.ts';
import { waitForToast } from './support/toasts.ts';

/**
 * The home dashboard (issue 21) on the seeded demo data, in both languages: the overview shows what the
 * server counts for the operator's subtree, a chart follows the range chosen, a followed device is listed
 * and unfollowed, the online count follows two devices of the test as they come online and disconnect,
 * and the language switch rewords the page.
 */
const OPERATOR = '13800000000';
const OTHER: Record<Locale, Locale> = { 'zh-CN': 'en-US', 'en-US': 'zh-CN' };

async function api<T>(page: Page, path: string, body: Record<string, unknown>): Promise<T> {
  const answer = await callAsPage<T>(page, path, body);
  if (answer.error_code !== 0) throw new Error(`${path}: ${answer.error_msg}`);
  return answer.objectResult as T;
}

const shown = async (page: Page, figure: 'total' | 'online' | 'offline') =>
  Number(await page.getByTestId(`home-${figure}`).getAttribute('data-value'));

/** The overview's three figures once they equal the server's answer (offline: total minus online). */
async function expectFiguresOfServer(page: Page): Promise<CallResponse<typeof getDealersStats>> {
  let server: CallResponse<typeof getDealersStats> | undefined;
  const figures = async () => {
    server = await api<CallResponse<typeof getDealersStats>>(page, getDealersStats.path, {});
    const seen = [await shown(page, 'total'), await shown(page, 'online'), await shown(page, 'offline')];
    return { seen, server: [server.total, server.onlineAmount, server.total - server.onlineAmount] };
  };
  await expect
    .poll(async () => {
      const { seen, server: answered } = await figures();
      return seen.join() === answered.join()
        ? 'equal'
        : `shown ${seen.join()} but the server counts ${answered.join()}`;
    }, POLL)
    .toBe('equal');
  return server!;
}

/** A simulated heat pump signed in to the server's broker with its identity, reporting every 2 s. */
function startDtu(mqttPort: number, code: string, secret: string): VirtualDevice {
  const dtu = new VirtualDevice({
    url: `mqtt://127.0.0.1:${mqttPort}`,
    identity: { code, secret, kind: 'heatPump' },
    reportIntervalMs: 2000,
  });
  dtu.start();
  return dtu;
}

interface TestDevice {
  deviceId: string;
  code: string;
  secret: string;
}

/** Two new heat pumps of the operator's company, online through the server's broker and activated (skipping the audit). */
async function twoOnlineDevices(
  page: Page,
  mqttPort: number,
  tag: string,
): Promise<{ added: TestDevice[]; dtus: VirtualDevice[] }> {
  const products = await api<Array<{ id: string; name: string }>>(page, productOptions.path, {});
  const productId = products.find((p) => p.name === '空气源热泵 A200')!.id;
  const added: TestDevice[] = [];
  const dtus: VirtualDevice[] = [];
  for (const k of [1, 2]) {
    const code = `E2EHOME${tag}${k}${Date.now().toString(36).toUpperCase()}`;
    const { deviceId, deviceSecret } = await api<{ deviceId: string; deviceSecret: string }>(page, addDevice.path, {
      deviceCode: code,
      deviceName: `Home ${code}`,
      productId,
    });
    added.push({ deviceId, code, secret: deviceSecret });
    dtus.push(startDtu(mqttPort, code, deviceSecret));
    await expect
      .poll(async () => {
        const found = await api<CallResponse<typeof listDevices>>(page, listDevices.path, { keyword: code });
        return found.list[0]?.connected ?? false;
      }, POLL)
      .toBe(true);
    await api(page, activateDevice.path, { deviceId, skipAudit: true });
  }
  return { added, dtus };
}

describe('home dashboard', () => {
  const env = useServerAndBrowser({ mqtt: true });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: shows the server's figures, follows the range, lists and unfollows a key device, counts devices online live, switches language`, async () => {
      const { context, page } = await openSignedIn(env.browser, env.baseUrl, OPERATOR, locale);
      const t = (key: string) => text(locale, key);
      let devices: VirtualDevice[] = [];
      try {
        await page.getByTestId('home-overview').waitFor();
        const before = await expectFiguresOfServer(page);
        // The known fleet: the total is every device the operator's device list holds.
        const listed = await api<CallResponse<typeof listDevices>>(page, listDevices.path, { pageSize: 1 });
        expect(before.total).toBe(listed.totalSize);

        // Charts: 7 days first; 30 days asks again for 30 platform days and draws what the server answers.
        await page.locator('[data-testid="chart-added-devices"][data-drawn="true"]').waitFor(POLL);
        const asked = page.waitForRequest((request) => request.url().includes(getAddDeviceByDay.path));
        await page.getByTestId('home-range-30').click();
        const range = JSON.parse((await asked).postData() ?? '{}') as { startTime: string; endTime: string };
        expect((Date.parse(range.endTime) - Date.parse(range.startTime)) / 86_400_000).toBe(29);
        await page.locator('[data-testid="chart-added-devices"][data-drawn="true"]').waitFor(POLL);
        const days = await api<CallResponse<typeof getAddDeviceByDay>>(page, getAddDeviceByDay.path, range);
        expect(days).toHaveLength(30);
        expect(days.at(-1)!.accumulate).toBe(before.total);
        await page.getByTestId('home-chart-tab-totalDevices').click();
        await page.locator('[data-testid="chart-total-devices"][data-drawn="true"]').waitFor(POLL);

        // Two activated devices of the test online; the page read again counts them.
        const fleet = await twoOnlineDevices(page, env.server.mqttPort!, locale === 'zh-CN' ? 'ZH' : 'EN');
        devices = fleet.dtus;
        // An activated device counts online once the server has seen it report since: wait for the server, then read.
        await expect
          .poll(
            async () => (await api<CallResponse<typeof getDealersStats>>(page, getDealersStats.path, {})).onlineAmount,
            POLL,
          )
          .toBe(before.onlineAmount + 2);
        await page.reload();
        const online = await expectFiguresOfServer(page);
        expect(online.onlineAmount).toBe(before.onlineAmount + 2);

        // A followed device is a key device; its star unfollows it.
        const first = fleet.added[0]!;
        await api(page, updateImportantStatus.path, { deviceId: first.deviceId, isImportant: 1 });
        await page.reload();
        await page.getByTestId('home-tab-devices').click();
        const keyDevices = page.getByTestId('key-device-table');
        const row = keyDevices.locator('tr', { hasText: first.code });
        await row.waitFor(POLL);
        expect(await row.getByTestId('key-device-status').innerText()).toBe(t('devices.status.ONLINE'));
        await row.getByTestId('key-device-unfollow').click();
        await waitForToast(page, t('devices.unfollowed'));
        await row.waitFor({ state: 'detached', ...POLL });

        // Live, without reload: they disconnect (-2), then connect again (+2).
        await Promise.all(devices.map((device) => device.stop()));
        devices = [];
        await expect.poll(() => shown(page, 'online'), POLL).toBe(before.onlineAmount);
        await expectFiguresOfServer(page);
        devices = fleet.added.map(({ code, secret }) => startDtu(env.server.mqttPort!, code, secret));
        await expect.poll(() => shown(page, 'online'), POLL).toBe(before.onlineAmount + 2);
        await expectFiguresOfServer(page);

        // The other language rewords the overview and the charts.
        const other = OTHER[locale];
        await page
          .getByTestId('language-switch')
          .getByText(other === 'en-US' ? 'English' : '中文')
          .click();
        await expect
          .poll(() => page.getByTestId('home-overview').innerText(), POLL)
          .toContain(text(other, 'home.overview.online'));
        expect(await page.getByTestId('home-chart-tab-addedDevices').innerText()).toBe(
          text(other, 'home.chart.addedDevices'),
        );
      } catch (error) {
        await saveScreenshot(page, `home-dashboard-failure-${locale}`);
        throw error;
      } finally {
        await Promise.all(devices.map((device) => device.stop()));
      }
      await context.close();
    }, 240_000);
  }
});
