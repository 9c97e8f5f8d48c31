import type { ReactNode } from 'react';
import { Tooltip, type TableColumnsType } from 'antd';
import { EMPTY_VALUE, isEmptyValue } from '../emptyValue.ts';
import { ACTIONS_COLUMN_KEY } from './RowActions.tsx';

/** A time column's width: a China date and time on one line, with a sort icon beside its title. */
export const TIME_COLUMN_WIDTH = 170;

/** The widest a data cell grows before its text wraps: long unbroken text must not push the actions column out of the card. */
export const CELL_MAX_WIDTH = 320;

/** A data cell's content: the one empty placeholder when there is none, else wrapping (even inside a word) within CELL_MAX_WIDTH. */
export function CellContent({ children }: { children: ReactNode }) {
  if (isEmptyValue(children)) return EMPTY_VALUE;
  return <div style={{ maxWidth: CELL_MAX_WIDTH, overflowWrap: 'anywhere' }}>{children}</div>;
}

/** A cell of a column given `ellipsis: true`: one line cut with an ellipsis, the whole text in a tooltip. */
export function EllipsisCell({ children }: { children: ReactNode }) {
  if (isEmptyValue(children)) return EMPTY_VALUE;
  return (
    <Tooltip title={children} placement="topLeft">
      <span data-ellipsis-cell>{children}</span>
    </Tooltip>
  );
}

/**
 * Every console table's columns: data cells through CellContent (wrapping), or EllipsisCell for a column
 * given `ellipsis: true` (with its width, so that a wide list fits the screen); the actions column fixed on
 * the right unless told otherwise.
 */
export function withCellDefaults<Row>(columns: TableColumnsType<Row>): TableColumnsType<Row> {
  return columns.map((column) => {
    if (column.key === ACTIONS_COLUMN_KEY) return { fixed: 'right', ...column };
    const { render } = column;
    const content = (value: unknown, row: Row, index: number) =>
      (render ? render(value, row, index) : value) as ReactNode;
    if (column.ellipsis === true)
      return {
        ...column,
        // antd's own title attribute would repeat the tooltip.
        ellipsis: { showTitle: false },
        render: (value: unknown, row: Row, index: number) => <EllipsisCell>{content(value, row, index)}</EllipsisCell>,
      };
    return {
      ...column,
      render: (value: unknown, row: Row, index: number) => <CellContent>{content(value, row, index)}</CellContent>,
    };
  });
}
