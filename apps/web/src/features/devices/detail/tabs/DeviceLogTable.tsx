import type { TableColumnsType } from 'antd';
import { PagedTable, type PageAnswer, type PageRequest } from '../../../../components/list/index.ts';

interface DeviceLogTableProps<Row extends object> {
  /** Names the remembered page; the device id is added so each device keeps its own. */
  name: string;
  deviceId: string;
  load(page: PageRequest): Promise<PageAnswer<Row>>;
  columns: TableColumnsType<Row>;
  rowKey: (keyof Row & string) | ((row: Row) => string);
  title?: string;
  testId: string;
}

const NO_FILTERS = {};

/** A paged log of one device (behaviour, traffic, operations, packets) without search fields. */
export function DeviceLogTable<Row extends object>({
  name,
  deviceId,
  load,
  columns,
  rowKey,
  title,
  testId,
}: DeviceLogTableProps<Row>) {
  return (
    <PagedTable<Row, object>
      listName={`deviceHistory.${name}.${deviceId}`}
      initialFilters={NO_FILTERS}
      load={load}
      columns={columns}
      rowKey={rowKey}
      title={title}
      testId={testId}
    />
  );
}
