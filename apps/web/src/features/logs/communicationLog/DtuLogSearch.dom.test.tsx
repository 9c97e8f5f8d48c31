import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  getLogExport,
  listModuleLinkLog,
  listReportModeLog,
  startModuleLinkLogExport,
  startReportModeLogExport,
  type CallDef,
} from '@dcc/contract';
import i18n from '../../../i18n/index.ts';
import { loadPageAreas } from '../../../i18n/pageAreas.ts';
import { ModuleLinkLogSearch, ReportModeLogSearch } from './DtuLogSearch.tsx';

/**
 * The DTU logs' tabs (issue 22): the screen's column titles, the mark of the state the range began in, and the
 * export of the search shown, offered once it has an IoT code and started with that search (the list's, unpaged).
 */

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../api/client.ts', async (original) => ({ ...(await original<object>()), call }));

beforeAll(() => loadPageAreas(['logs']));
afterEach(() => {
  cleanup();
  call.mockReset();
  sessionStorage.clear();
});

const TIME = '2026-03-01T02:00:00.000Z';
const LOGS = [
  {
    name: 'module-link-log',
    Search: ModuleLinkLogSearch,
    list: listModuleLinkLog,
    start: startModuleLinkLogExport,
    titles: ['Time', 'IoT code', 'DTU-mainboard link'],
    entries: [
      { deviceCode: 'DTU-1', time: TIME, link: 'down' },
      { deviceCode: 'DTU-1', time: TIME, link: 'up', beforeRange: true },
    ],
  },
  {
    name: 'mode-log',
    Search: ReportModeLogSearch,
    list: listReportModeLog,
    start: startReportModeLogExport,
    titles: ['Time', 'IoT code', 'Report mode', 'Topic'],
    entries: [{ deviceCode: 'DTU-1', time: TIME, mode: 'topic', topic: 'dev/DTU-1/up', beforeRange: true }],
  },
] as const;

describe('the DTU log tabs', () => {
  for (const log of LOGS) {
    it(`${log.name}: shows the export's titles and exports the search shown once it has an IoT code`, async () => {
      await act(() => i18n.changeLanguage('en-US'));
      call.mockImplementation(async (entry: CallDef) => {
        if (entry === log.list) return { list: log.entries, totalSize: log.entries.length };
        if (entry === log.start) return { jobId: 'job-1', totalRows: log.entries.length };
        if (entry === getLogExport)
          return { state: 'running', writtenRows: 0, totalRows: 2, fileName: '', filePath: null };
        throw new Error(`unexpected call ${entry.path}`);
      });
      render(
        <QueryClientProvider client={new QueryClient()}>
          <log.Search />
        </QueryClientProvider>,
      );
      const exportButton = await screen.findByTestId(`${log.name}-table-export`);
      expect((exportButton as HTMLButtonElement).disabled).toBe(true);

      fireEvent.change(screen.getByTestId(`${log.name}-device-code`), { target: { value: ' DTU-1 ' } });
      fireEvent.click(screen.getByTestId(`${log.name}-table-search-submit`));
      await waitFor(() =>
        expect(call).toHaveBeenCalledWith(log.list, expect.objectContaining({ deviceCode: 'DTU-1' })),
      );
      const table = screen.getByTestId(`${log.name}-table`);
      await waitFor(() => expect(table.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(log.entries.length));
      expect([...table.querySelectorAll('thead th')].map((cell) => cell.textContent)).toEqual(log.titles);
      expect(screen.getByTestId('dtu-log-before-range').textContent).toBe('State when the range began');

      await waitFor(() => expect((exportButton as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(exportButton);
      const listed = call.mock.calls.find(([entry]) => entry === log.list)![1] as Record<string, unknown>;
      await waitFor(() =>
        expect(call).toHaveBeenCalledWith(log.start, {
          deviceCode: 'DTU-1',
          startTime: listed.startTime,
          endTime: listed.endTime,
        }),
      );
      expect(await screen.findByTestId('export-progress')).toBeTruthy();
    });
  }
});
