import type { ReactNode } from 'react';
import type { TableColumnsType } from 'antd';
import { EMPTY_VALUE, isEmptyValue } from '../emptyValue.ts';
import { ACTIONS_COLUMN_KEY } from './RowActions.tsx';

/** The widest a data cell grows before its text wraps: long unbroken text must not push the actions column out of the card. */
export const CELL_MAX_WIDTH = 320;

/** A data cell's content: the one empty placeholder when there is none, else wrapping (even inside a word) within CELL_MAX_WIDTH. */
export function CellContent({ children }: { children: ReactNode }) {
  if (isEmptyValue(children)) return EMPTY_VALUE;
  return <div style={{ maxWidth: CELL_MAX_WIDTH, overflowWrap: 'anywhere' }}>{children}</div>;
}

/** Every console table's columns: data cells through CellContent; the actions column fixed on the right unless told otherwise. */
export function withCellDefaults<Row>(columns: TableColumnsType<Row>): TableColumnsType<Row> {
  return columns.map((column) => {
    if (column.key === ACTIONS_COLUMN_KEY) return { fixed: 'right', ...column };
    const { render } = column;
    return {
      ...column,
      render: (value: unknown, row: Row, index: number) => (
        <CellContent>{(render ? render(value, row, index) : value) as ReactNode}</CellContent>
      ),
    };
  });
}
