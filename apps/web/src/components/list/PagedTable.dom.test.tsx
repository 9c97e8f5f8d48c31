import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { loadPageAreas } from '../../i18n/pageAreas.ts';
import { Form, Input } from 'antd';
import { PagedTable, type PageAnswer } from './PagedTable.tsx';

/** A list that counted only some pages ahead (totalExact false) says its total is a lower bound. */

interface Row {
  id: string;
}

beforeAll(() => loadPageAreas(['list']));
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function renderAnswering(answer: PageAnswer<Row> | Promise<PageAnswer<Row>>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PagedTable<Row, { keyword: string }>
        listName="paged-table-test"
        initialFilters={{ keyword: '' }}
        load={() => Promise.resolve(answer)}
        columns={[{ title: 'Id', dataIndex: 'id' }]}
        rowKey="id"
      />
    </QueryClientProvider>,
  );
}

const rows = Array.from({ length: 10 }, (_, k) => ({ id: String(k) }));

describe('the paged list total', () => {
  it('shows "more than N" when the call answered a lower bound, in both languages', async () => {
    await i18n.changeLanguage('en-US');
    renderAnswering({ list: rows, totalSize: 110, totalExact: false });
    expect(await screen.findByText('More than 110')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('zh-CN');
    renderAnswering({ list: rows, totalSize: 110, totalExact: false });
    expect(await screen.findByText('超过 110 条')).toBeTruthy();
  });

  it('shows the exact total otherwise', async () => {
    await i18n.changeLanguage('en-US');
    renderAnswering({ list: rows, totalSize: 37, totalExact: true });
    expect(await screen.findByText('37 in total')).toBeTruthy();
    cleanup();
    renderAnswering({ list: rows, totalSize: 12 });
    expect(await screen.findByText('12 in total')).toBeTruthy();
  });
});

describe('the paged list before its first answer', () => {
  it('shows the loading state, never "No data", until the answer; then the empty text, in both languages', async () => {
    for (const [language, loading, empty] of [
      ['en-US', 'Loading…', 'No data'],
      ['zh-CN', '加载中…', '暂无数据'],
    ] as const) {
      await i18n.changeLanguage(language);
      let answer: (page: PageAnswer<Row>) => void = () => undefined;
      renderAnswering(new Promise<PageAnswer<Row>>((resolve) => (answer = resolve)));
      expect((await screen.findByTestId('list-loading')).textContent).toContain(loading);
      expect(screen.queryAllByText(empty)).toEqual([]);
      answer({ list: [], totalSize: 0, totalExact: true });
      expect((await screen.findAllByText(empty)).length).toBeGreaterThan(0);
      expect(screen.queryByTestId('list-loading')).toBeNull();
      cleanup();
    }
  });
});

describe('the paged list search', () => {
  it('asks again when searched again with the same filters', async () => {
    let asked = 0;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PagedTable<Row, { keyword: string }>
          listName="paged-table-search-test"
          initialFilters={{ keyword: '' }}
          load={() => {
            asked += 1;
            return Promise.resolve({ list: rows, totalSize: rows.length });
          }}
          columns={[{ title: 'Id', dataIndex: 'id' }]}
          rowKey="id"
          testId="search-test"
          searchFields={
            <Form.Item name="keyword">
              <Input />
            </Form.Item>
          }
        />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(asked).toBe(1));
    fireEvent.click(screen.getByTestId('search-test-search-submit'));
    await waitFor(() => expect(asked).toBe(2));
    fireEvent.click(screen.getByTestId('search-test-search-submit'));
    await waitFor(() => expect(asked).toBe(3));
  });
});

describe('the paged list across a language switch', () => {
  /** A product name as the server words it for the language the list was asked in. */
  const NAMES = { 'zh-CN': '空气源热泵 A200', 'en-US': 'Heat pump A200' } as const;
  type Named = { id: string; name: string };

  /** A list whose answers are held until released, each worded in the language it was asked in. */
  function renderHeld() {
    const held: Array<{ language: keyof typeof NAMES; release: () => void }> = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PagedTable<Named, { keyword: string }>
          listName="paged-table-language-test"
          initialFilters={{ keyword: '' }}
          load={() => {
            const language = i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';
            return new Promise((resolve) =>
              held.push({
                language,
                release: () => resolve({ list: [{ id: '1', name: NAMES[language] }], totalSize: 1 }),
              }),
            );
          }}
          columns={[{ title: 'Product', dataIndex: 'name' }]}
          rowKey="id"
        />
      </QueryClientProvider>,
    );
    return held;
  }

  it('never keeps the rows of the language just left on screen, and shows the new language once asked', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const held = renderHeld();
    await waitFor(() => expect(held.map((answer) => answer.language)).toEqual(['zh-CN']));
    act(() => held[0]!.release());
    expect(await screen.findByText(NAMES['zh-CN'])).toBeTruthy();
    await act(() => i18n.changeLanguage('en-US'));
    // Asked again in English; until it answers, the Chinese row is gone (the loading state instead).
    await waitFor(() => expect(held.map((answer) => answer.language)).toEqual(['zh-CN', 'en-US']));
    expect(screen.queryByText(NAMES['zh-CN'])).toBeNull();
    expect(screen.getByTestId('list-loading')).toBeTruthy();
    act(() => held[1]!.release());
    expect(await screen.findByText(NAMES['en-US'])).toBeTruthy();
  });

  it('asks again when the answer of the language just left comes after the switch', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const held = renderHeld();
    await waitFor(() => expect(held.map((answer) => answer.language)).toEqual(['zh-CN']));
    await act(() => i18n.changeLanguage('en-US'));
    act(() => held[0]!.release());
    await waitFor(() => expect(held.map((answer) => answer.language)).toContain('en-US'));
    expect(screen.queryByText(NAMES['zh-CN'])).toBeNull();
    act(() => held.filter((answer) => answer.language === 'en-US').forEach((answer) => answer.release()));
    expect(await screen.findByText(NAMES['en-US'])).toBeTruthy();
    expect(screen.queryByText(NAMES['zh-CN'])).toBeNull();
  });
});
