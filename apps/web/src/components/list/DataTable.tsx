import { Empty, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { withCellDefaults } from './cellDefaults.tsx';
import { ListLoading } from './ListLoading.tsx';

/** antd's row selection column (checkboxes), as wide as it draws it. */
const SELECTION_COLUMN_WIDTH = 48;

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
  // Columns cut with an ellipsis keep their widths: a fixed layout as wide as they are (antd would lay a table
  // scrolled to 'max-content' out by its content, as wide as its longest texts).
  const cut = props.columns?.some((column) => column.ellipsis) ?? false;
  const widths = props.columns?.map((column) => (typeof column.width === 'number' ? column.width : null)) ?? [];
  const allSized = cut && widths.every((width) => width !== null);
  const selectionWidth = props.rowSelection ? SELECTION_COLUMN_WIDTH : 0;
  const scroll =
    allSized && props.scroll?.x === 'max-content'
      ? { ...props.scroll, x: widths.reduce<number>((sum, width) => sum + (width ?? 0), selectionWidth) }
      : props.scroll;
  return (
    <Table<Row>
      tableLayout={cut ? 'fixed' : undefined}
      {...props}
      scroll={scroll}
      dataSource={pending ? [] : dataSource}
      locale={{ ...locale, emptyText }}
      columns={props.columns && withCellDefaults(props.columns)}
    />
  );
}
