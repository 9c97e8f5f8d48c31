import { Empty, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { withCellDefaults } from './cellDefaults.tsx';
import { ListLoading } from './ListLoading.tsx';

export interface DataTableProps<Row extends object> extends TableProps<Row> {
  /** True until the table's first answer (TanStack Query's isPending): a loading state, never "No data", until then. */
  pending?: boolean;
}

/**
 * antd's Table with the console's cell defaults (withCellDefaults) and its states: loading until the first
 * answer, then the rows or the empty text ("No data" unless told). Every table of the console is one of these.
 */
export function DataTable<Row extends object>({ pending = false, locale, dataSource, ...props }: DataTableProps<Row>) {
  const { t } = useTranslation();
  const emptyText = pending ? (
    <ListLoading />
  ) : (
    (locale?.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />)
  );
  return (
    <Table<Row>
      {...props}
      dataSource={pending ? [] : dataSource}
      locale={{ ...locale, emptyText }}
      columns={props.columns && withCellDefaults(props.columns)}
    />
  );
}
