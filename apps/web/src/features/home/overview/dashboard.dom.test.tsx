import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Button,
  getAddDeviceByDay,
  getAddressHistoryValue,
  getDealersProject,
  getDealersStats,
  getDeviceRatio,
  getPointPosition,
  getProjectIncreasedNum,
  queryImportantDevice,
  type ButtonId,
} from '@dcc/contract';
import i18n from '../../../i18n/index.ts';
import { loadPageAreas } from '../../../i18n/pageAreas.ts';
import { clearSession } from '../../../session/session.ts';
import { answers, calls, fakeCall, renderHome } from './dashboardTestKit.tsx';

vi.mock('../../../api/client.ts', () => ({
  call: (...args: Parameters<typeof fakeCall>) => fakeCall(...args),
  askInShownLanguage: <T,>(ask: (options: { language: string }) => Promise<T>) => ask({ language: 'en-US' }),
}));
// ECharts needs a canvas: the charts are stood in for by their box.
vi.mock('./charts/lazyDashboardChart.ts', () => ({
  LazyDashboardChart: Object.assign(({ testId }: { testId: string }) => <div data-testid={testId} />, {
    preload: () => Promise.resolve(),
  }),
}));

const project = (k: number) => ({
  projectId: `p${k}`,
  projectName: `Hotel ${k}`,
  isCenControl: 'N',
  provinceText: 'Zhejiang',
  dealersName: 'Dealer A',
  allDeviceCount: 3,
  createTime: '2026-11-20T02:00:00Z',
  checkSubmitTime: null,
  projectCheckState: 2,
  isImportant: 1,
});
const device = {
  deviceId: 'd1',
  deviceCode: 'HP0001',
  deviceName: 'Roof pump',
  productName: 'HeatPump_A200',
  productMessageType: 'pm',
  status: 'ONLINE',
  faultState: false,
};
const POINTS = [
  { address: 1, content: 'On/off', mode: 'RW', code: 'power', unit: '' },
  { address: 10, content: 'Water inlet temp', mode: 'R', code: 'tIn', unit: '°C' },
  { address: 11, content: 'Water outlet temp', mode: 'R', code: 'tOut', unit: '°C' },
  { address: 12, content: 'Tank temp', mode: 'R', code: 'tTank', unit: '°C' },
  { address: 3, content: 'Hot-water setpoint', mode: 'W', code: 'setHot', unit: '°C' },
];

beforeAll(() => loadPageAreas(['list', 'devices', 'home']));
beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  calls.length = 0;
  answers.clear();
  answers.set(getDealersStats.path, { total: 12, onlineAmount: 5 });
  answers.set(getDealersProject.path, { list: [project(1)], totalSize: 1 });
  answers.set(queryImportantDevice.path, { dataList: [device], total: 1 });
  answers.set(getAddDeviceByDay.path, []);
  answers.set(getProjectIncreasedNum.path, []);
  answers.set(getDeviceRatio.path, []);
  answers.set(getPointPosition.path, { dataList: POINTS, total: POINTS.length });
  answers.set(getAddressHistoryValue.path, { times: [], addressList: [], thinned: false });
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  clearSession();
  sessionStorage.clear();
});

const held = (...buttons: ButtonId[]) => [Button.HOME, ...buttons];

describe('the overview', () => {
  it('shows the total, online and offline (total minus online) devices as the server answers them', async () => {
    renderHome(held());
    await waitFor(() => expect(screen.getByTestId('home-total').dataset.value).toBe('12'));
    expect(screen.getByTestId('home-online').dataset.value).toBe('5');
    expect(screen.getByTestId('home-offline').dataset.value).toBe('7');
  }, 30_000);
});

describe('the key tabs follow the flags', () => {
  it('shows neither tab without B81 and B82', async () => {
    renderHome(held(Button.PROJECTS, Button.DEVICE_DETAIL_LINK));
    await screen.findByTestId('home-overview');
    expect(screen.queryByTestId('home-key-tabs')).toBeNull();
    expect(calls.some((c) => c.path === getDealersProject.path || c.path === queryImportantDevice.path)).toBe(false);
  }, 30_000);

  it('shows the key projects with B81 (and the project list button), not the key devices', async () => {
    renderHome(held(Button.HOME_KEY_PROJECTS, Button.PROJECTS));
    await screen.findByTestId('home-tab-projects');
    expect(screen.queryByTestId('home-tab-devices')).toBeNull();
    const table = await screen.findByTestId('key-project-table');
    await waitFor(() => expect(within(table).getByText('Hotel 1')).toBeTruthy());
    // Names, never codes: the audit state 2 reads "Pass", the type N "Ordinary".
    expect(within(table).getByTestId('key-project-state').textContent).toBe('Pass');
    expect(within(table).getByText('Ordinary')).toBeTruthy();
    expect(calls.find((c) => c.path === getDealersProject.path)?.request).toMatchObject({
      important: 1,
      pageIndex: 1,
      pageSize: 10,
    });
  }, 30_000);

  it('shows the key projects with B81 alone (the list call admits it), names without a link to the detail (B1001)', async () => {
    renderHome(held(Button.HOME_KEY_PROJECTS));
    await screen.findByTestId('home-tab-projects');
    const table = await screen.findByTestId('key-project-table');
    await waitFor(() => expect(within(table).getByText('Hotel 1')).toBeTruthy());
    expect(within(table).queryByTestId('key-project-link')).toBeNull();
    cleanup();
    renderHome(held(Button.HOME_KEY_PROJECTS, Button.PROJECTS));
    expect((await screen.findByTestId('key-project-link')).textContent).toBe('Hotel 1');
  }, 30_000);

  it('shows the key devices with B82; the IoT code links to the detail only with B101', async () => {
    renderHome(held(Button.HOME_KEY_DEVICES));
    await screen.findByTestId('home-tab-devices');
    expect(screen.queryByTestId('home-tab-projects')).toBeNull();
    expect((await screen.findByTestId('key-device-code')).textContent).toBe('HP0001');
    expect(screen.queryByTestId('key-device-link')).toBeNull();
    cleanup();
    renderHome(held(Button.HOME_KEY_DEVICES, Button.DEVICE_DETAIL_LINK));
    const link = await screen.findByTestId('key-device-link');
    expect(link.getAttribute('href')).toContain('/company/deviceManage/devicesManage/deviceDetail/d1');
    expect(screen.getByTestId('key-device-status').textContent).toBe('Online');
  }, 30_000);
});

describe('the tables show their loading display only past 1500 ms', () => {
  it('keeps the spinner hidden for 1500 ms of a slow page, then shows it', async () => {
    answers.set(getDealersProject.path, (request: { pageIndex: number }) =>
      request.pageIndex === 1
        ? { list: Array.from({ length: 10 }, (_, k) => project(k)), totalSize: 11 }
        : new Promise(() => undefined),
    );
    renderHome(held(Button.HOME_KEY_PROJECTS, Button.PROJECTS));
    const table = await screen.findByTestId('key-project-table');
    await waitFor(() => expect(within(table).getByText('Hotel 9')).toBeTruthy());
    vi.useFakeTimers();
    // The pagination and the spinner sit around the table, in its wrapper.
    const wrapper = table.closest('.ant-table-wrapper')!;
    const spinning = () => wrapper.querySelector('.ant-spin-spinning');
    await act(async () => void fireEvent.click(wrapper.querySelector('.ant-pagination-item-2')!));
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(calls.some((c) => c.path === getDealersProject.path && c.request.pageIndex === 2)).toBe(true);
    expect(spinning()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(spinning()).not.toBeNull();
  }, 30_000);
});

/** Opens the trend's point select and answers its options. */
async function openPoints() {
  const select =
    screen.getByTestId('home-trend-points').closest('.ant-select') ?? screen.getByTestId('home-trend-points');
  await act(async () => void fireEvent.mouseDown(select.querySelector('input') ?? select));
  return () => [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')];
}
const option = (options: Element[], text: string) => options.find((node) => node.textContent === text)!;

async function chooseDevice(code: string) {
  const input =
    screen.getByTestId('home-trend-device').querySelector('input') ?? screen.getByTestId('home-trend-device');
  await act(async () => void fireEvent.change(input, { target: { value: code } }));
  await act(async () => void fireEvent.keyDown(input, { key: 'Enter', keyCode: 13, code: 'Enter' }));
}

describe('the point trend', () => {
  it('offers only the points of mode R and lets at most two be chosen', async () => {
    renderHome(held());
    await chooseDevice('HP0001');
    await waitFor(() => expect(calls.some((c) => c.path === getPointPosition.path)).toBe(true));
    const options = await openPoints();
    await waitFor(() => expect(options().length).toBe(3));
    expect(options().map((node) => node.textContent)).toEqual([
      'Water inlet temp (°C)',
      'Water outlet temp (°C)',
      'Tank temp (°C)',
    ]);
    await act(async () => void fireEvent.click(option(options(), 'Water inlet temp (°C)')));
    await act(async () => void fireEvent.click(option(options(), 'Tank temp (°C)')));
    const third = option(options(), 'Water outlet temp (°C)');
    expect(third.classList.contains('ant-select-item-option-disabled')).toBe(true);
    await act(async () => void fireEvent.click(third));
    expect(document.querySelectorAll('.ant-select-selection-item').length).toBe(2);
  }, 30_000);

  it('asks for the trend once, 2 s after the choice stopped changing, with the points chosen last', async () => {
    renderHome(held());
    await chooseDevice('HP0001');
    const options = await openPoints();
    await waitFor(() => expect(options().length).toBe(3));
    vi.useFakeTimers();
    const trendCalls = () => calls.filter((c) => c.path === getAddressHistoryValue.path);
    await act(async () => void fireEvent.click(option(options(), 'Water inlet temp (°C)')));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await act(async () => void fireEvent.click(option(options(), 'Water outlet temp (°C)')));
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(trendCalls()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(trendCalls()).toHaveLength(1);
    expect(trendCalls()[0]!.request).toMatchObject({ deviceCode: 'HP0001', addressList: [10, 11] });
    const { startTime, endTime } = trendCalls()[0]!.request as { startTime: string; endTime: string };
    expect(Date.parse(endTime) - Date.parse(startTime)).toBe(7 * 86_400_000);
  }, 30_000);
});
