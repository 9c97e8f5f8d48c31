import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { loadPageAreas } from '../../i18n/pageAreas.ts';
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
