import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeviceFilter, Locale } from '@dcc/contract';
import { FeedbackProvider } from '../../../app/feedback.tsx';
import i18n from '../../../i18n/index.ts';
import { loadPageAreas } from '../../../i18n/pageAreas.ts';
import { FilterBuilder } from './FilterBuilder.tsx';
import { FILTER_FIELDS } from './conditionDraft.ts';

/** The filter builder on the page: each rule of spec section 5 shows its message on its part of the row, in both languages. */

const MESSAGES: Record<Locale, Record<string, string>> = {
  'en-US': {
    field: 'Please choose a field name',
    symbol: 'Please choose a condition symbol',
    faultCode: 'Please enter the fault code',
    tooMany: 'Only a maximum of six filters are supported',
    combinator: 'Please choose and or or',
    province: 'Please choose a province',
    product: 'Please choose a product first',
    faultStartTime: 'Please choose the fault start time',
    value: 'Please enter a value',
  },
  'zh-CN': {
    field: '请选择字段名',
    symbol: '请选择条件符号',
    faultCode: '请输入故障码',
    tooMany: '最多只支持六个筛选条件',
    combinator: '请选择且或者或',
    province: '请选择省份',
    product: '请先选择产品',
    faultStartTime: '请选择故障开始时间',
    value: '请输入值',
  },
};

beforeAll(async () => {
  await loadPageAreas(['list', 'organization', 'dealers', 'devices']);
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-US'));
});

function renderBuilder(applied: DeviceFilter | null = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // What the selects would ask the server for, answered beforehand.
  queryClient.setQueryData(['devices', 'productOptions'], [{ id: '7', name: 'HeatPump_A200' }]);
  queryClient.setQueryData(
    ['devices', 'filterPoints', '7'],
    [{ address: 13, code: 'tAmb', name: 'Ambient temp', unit: '°C' }],
  );
  queryClient.setQueryData(
    ['nation', ''],
    [
      { id: '110000', name: '北京市', nameEn: 'Beijing', hasChildren: true },
      { id: '330000', name: '浙江省', nameEn: 'Zhejiang', hasChildren: true },
    ],
  );
  queryClient.setQueryData(
    ['nation', '330000'],
    [{ id: '330100', name: '杭州市', nameEn: 'Hangzhou', hasChildren: true }],
  );
  // A municipality's second level lists districts; the filter names their city level (110100).
  queryClient.setQueryData(
    ['nation', '110000'],
    [
      { id: '110101', name: '东城区', nameEn: 'Dongcheng', hasChildren: false },
      { id: '110105', name: '朝阳区', nameEn: 'Chaoyang', hasChildren: false },
    ],
  );
  const onApply = vi.fn();
  const fields = FILTER_FIELDS.filter((field) => field !== 'dealersId');
  render(
    <QueryClientProvider client={queryClient}>
      <FeedbackProvider>
        <FilterBuilder applied={applied} fields={fields} onApply={onApply} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return onApply;
}

const errorsShown = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);
const click = (testId: string) => act(async () => void fireEvent.click(screen.getByTestId(testId)));

/** Opens the antd select with this test id and picks the option with this text. */
async function pick(testId: string, text: string) {
  const select = screen.getByTestId(testId).closest('.ant-select') ?? screen.getByTestId(testId);
  await act(async () => void fireEvent.mouseDown(select.querySelector('input') ?? select));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((node) => node.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  await act(async () => void fireEvent.click(option));
}

describe.each(['en-US', 'zh-CN'] as const)('the filter builder in %s', (locale) => {
  const m = MESSAGES[locale];
  const label = (key: string) => i18n.t(key);

  it('names the missing field, symbol and value of each row with the spec messages', async () => {
    await act(() => i18n.changeLanguage(locale));
    const onApply = renderBuilder();
    await click('filter-add');
    await click('filter-apply');
    await waitFor(() => expect(errorsShown()).toEqual([m.field]));

    await pick('filter-0-field', label('devices.filter.field.faultCode'));
    await click('filter-apply');
    await waitFor(() => expect(errorsShown()).toEqual([m.symbol, m.faultCode]));

    await pick('filter-0-field', label('devices.filter.field.faultStartTime'));
    await click('filter-apply');
    await waitFor(() => expect(errorsShown()).toEqual([m.symbol, m.faultStartTime]));

    await pick('filter-0-field', label('devices.filter.field.area'));
    await click('filter-apply');
    await waitFor(() => expect(errorsShown()).toEqual([m.province]));

    await pick('filter-0-field', label('devices.filter.field.addressData'));
    await click('filter-apply');
    await waitFor(() => expect(errorsShown()).toContain(m.product));

    await pick('filter-0-field', label('devices.filter.field.deviceName'));
    await pick('filter-0-symbol', label('devices.filter.symbol.contains'));
    await click('filter-apply');
    await waitFor(() => expect(errorsShown()).toEqual([m.value]));
    await act(async () => void fireEvent.change(screen.getByTestId('filter-0-value'), { target: { value: 'Pump' } }));
    await click('filter-apply');
    await waitFor(() =>
      expect(onApply).toHaveBeenCalledWith({
        combinator: 'and',
        conditions: [{ field: 'deviceName', symbol: 'contains', value: 'Pump' }],
      }),
    );
  }, 60_000);

  it('asks for and/or with two conditions and refuses a seventh', async () => {
    await act(() => i18n.changeLanguage(locale));
    const onApply = renderBuilder({ combinator: 'and', conditions: [{ field: 'sn', symbol: '=', value: 'SN-1' }] });
    await click('filter-add');
    await waitFor(() => expect(screen.getByTestId('filter-combinator')).toBeTruthy());
    await click('filter-apply');
    await waitFor(() => expect(errorsShown()).toEqual([m.field]));
    for (let row = 2; row < 6; row += 1) await click('filter-add');
    expect(document.querySelectorAll('[data-testid^="filter-row-"]').length).toBe(6);
    await click('filter-add');
    await waitFor(() => expect(document.body.textContent).toContain(m.tooMany));
    expect(document.querySelectorAll('[data-testid^="filter-row-"]').length).toBe(6);
    expect(onApply).not.toHaveBeenCalled();
  }, 30_000);

  it('restores an applied filter with the parameter and area conditions and applies it again unchanged', async () => {
    await act(() => i18n.changeLanguage(locale));
    const applied: DeviceFilter = {
      combinator: 'or',
      conditions: [
        { field: 'addressData', productId: '7', address: 13, symbol: '>=', value: 20 },
        { field: 'area', province: '330000', city: '330100' },
        { field: 'deviceStatus', symbol: '=', value: 'ONLINE' },
      ],
    };
    const onApply = renderBuilder(applied);
    await click('filter-apply');
    await waitFor(() => expect(onApply).toHaveBeenCalledWith(applied));
    await click('filter-clear');
    expect(onApply).toHaveBeenLastCalledWith(null);
    expect(document.querySelectorAll('[data-testid^="filter-row-"]').length).toBe(0);
  }, 30_000);

  it("names a restored municipality's city by the municipality, never by its code", async () => {
    await act(() => i18n.changeLanguage(locale));
    const applied: DeviceFilter = {
      combinator: 'and',
      conditions: [{ field: 'area', province: '110000', city: '110100' }],
    };
    const onApply = renderBuilder(applied);
    const beijing = locale === 'zh-CN' ? '北京市' : 'Beijing';
    await waitFor(() => expect(screen.getByTestId('filter-0-area').textContent).toBe(`${beijing} / ${beijing}`));
    await click('filter-apply');
    await waitFor(() => expect(onApply).toHaveBeenCalledWith(applied));
  }, 30_000);
});
