import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { logColumnTitleKey, type LogColumns } from '@dcc/contract';

type Column<Row> = TableColumnsType<Row>[number];

/**
 * A log screen's columns as its export writes them: the contract's column list (`keys`) gives each title and width,
 * `renders` what a cell shows beyond its value.
 */
export function logTableColumns<Row, Key extends string>(
  t: TFunction,
  log: LogColumns,
  keys: ReadonlyArray<{ key: Key; width: number }>,
  renders: Partial<Record<Key, Column<Row>>>,
): TableColumnsType<Row> {
  return keys.map(({ key, width }) => ({
    title: t(logColumnTitleKey(log, key)),
    dataIndex: key,
    width,
    ...renders[key],
  }));
}
