import type { ImportRefusal } from '@dcc/contract';
import { DataTable } from './DataTable.tsx';

interface Props {
  refusal: ImportRefusal;
  /** The column titles in the page's words. */
  titles: { row: string; column: string; message: string };
}

/** The problems of a refused Excel import, by row and column, ten per page. */
export function ImportProblemsTable({ refusal, titles }: Props) {
  return (
    <DataTable
      size="small"
      rowKey={(problem) => `${problem.row}:${problem.column}:${problem.message}`}
      dataSource={refusal.problems}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      columns={[
        { title: titles.row, dataIndex: 'row', width: 80 },
        { title: titles.column, dataIndex: 'column', width: 160 },
        { title: titles.message, dataIndex: 'message' },
      ]}
    />
  );
}
