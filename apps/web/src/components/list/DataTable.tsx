import { Table, type TableProps } from 'antd';
import { withCellDefaults } from './cellDefaults.tsx';

/** antd's Table with the console's cell defaults (withCellDefaults): every table of the console is one of these. */
export function DataTable<Row extends object>(props: TableProps<Row>) {
  return <Table<Row> {...props} columns={props.columns && withCellDefaults(props.columns)} />;
}
