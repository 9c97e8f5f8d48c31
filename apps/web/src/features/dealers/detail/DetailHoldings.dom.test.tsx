import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listDealerProjects, type CallDef, type Project } from '@dcc/contract';
import i18n from '../../../i18n/index.ts';
import { loadPageAreas } from '../../../i18n/pageAreas.ts';
import { DetailProjects } from './DetailHoldings.tsx';

const project = (n: number, state: Project['projectCheckState']): Project => ({
  projectId: String(n),
  projectName: `Hotel ${n}`,
  isCenControl: n % 2 === 0 ? 'Y' : 'N',
  type: 'hotel',
  area: 100,
  province: '310000',
  provinceText: 'Shanghai',
  address: '',
  userName: '',
  userPhone: '',
  application: 'typical',
  longitude: 121,
  latitude: 31,
  dealersId: '9',
  dealersName: 'South',
  allDeviceCount: n,
  createTime: '2026-01-01T00:00:00.000Z',
  checkSubmitTime: null,
  projectCheckState: state,
  rejectReason: '',
  isImportant: 0,
  version: 1,
});

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../api/client.ts', async (original) => ({ ...(await original<object>()), call }));

beforeAll(() => loadPageAreas(['dealers']));
afterEach(() => {
  cleanup();
  call.mockReset();
});

const rows = () =>
  [...screen.getByTestId('detail-projects').querySelectorAll('tbody tr.ant-table-row')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );

describe("the dealer's projects tab", () => {
  it("asks the server for the dealer's pages and names types and audit states in the language shown", async () => {
    await act(() => i18n.changeLanguage('en-US'));
    call.mockImplementation(async (entry: CallDef, body: { id: string; pageIndex: number }) => {
      expect(entry).toBe(listDealerProjects);
      expect(body.id).toBe('9');
      return body.pageIndex === 1
        ? { list: [project(1, 0), project(2, 3)], totalSize: 12 }
        : { list: [project(11, 2)], totalSize: 12 };
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <DetailProjects dealerId="9" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((cells) => cells.slice(0, 5))).toEqual([
      ['Hotel 1', 'Ordinary', 'Shanghai', '1', 'Not submitted'],
      ['Hotel 2', 'Centrally controlled', 'Shanghai', '2', 'Rejected'],
    ]);
    expect(screen.getByText('12 projects')).toBeTruthy();
    const asked = call.mock.calls.length;
    await act(() => i18n.changeLanguage('zh-CN'));
    // The page is asked again in the new language (places come worded by the server), never kept from the old one.
    await waitFor(() => expect(rows()[1]?.slice(1, 5)).toEqual(['集控项目', 'Shanghai', '2', '审核不通过']));
    expect(call.mock.calls.length).toBe(asked + 1);

    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(rows()[0]![0]).toBe('Hotel 11'));
    expect(call).toHaveBeenLastCalledWith(listDealerProjects, { id: '9', pageIndex: 2, pageSize: 10 });
  });
});
