import type { ReactNode } from 'react';
import { Space } from 'antd';
import { getLogExport, type CallResponse, type startDeviceExport } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { ExportJobButton } from '../../../components/export/ExportJobButton.tsx';
import { PagedTable, type PagedTableProps } from '../../../components/list/index.ts';

const logExportProgress = (jobId: string) => call(getLogExport, { jobId });

export type LogSearchPageProps<Row extends object, Filters extends object, FormValues extends object> = Omit<
  PagedTableProps<Row, Filters, FormValues>,
  'toolbar' | 'testId'
> & {
  testId: string;
  /** Starts the export of the search shown (the server checks it as the screen's search); none: no export. */
  exportSearch?(filters: Filters): Promise<CallResponse<typeof startDeviceExport>>;
  /** Whether the search shown can be exported (a search that needs an IoT code has one). */
  exportable?(filters: Filters): boolean;
  /** Other buttons at the card's top right, before the export. */
  actions?: ReactNode;
};

/**
 * The page shape of every log search (API call log, communication log and query, operation log, account
 * log): the search form with its required range or IoT code, the table, pagination, and the export of the
 * search shown to Excel (`<testId>-export`) with its progress.
 */
export function LogSearchPage<Row extends object, Filters extends object, FormValues extends object = Filters>({
  exportSearch,
  exportable,
  actions,
  ...table
}: LogSearchPageProps<Row, Filters, FormValues>) {
  const toolbar = (filters: Filters) => (
    <Space>
      {actions}
      {exportSearch && (
        <ExportJobButton
          start={() => exportSearch(filters)}
          progress={logExportProgress}
          disabled={exportable ? !exportable(filters) : false}
          testId={`${table.testId}-export`}
        />
      )}
    </Space>
  );
  return <PagedTable<Row, Filters, FormValues> size="middle" {...table} toolbar={toolbar} />;
}
