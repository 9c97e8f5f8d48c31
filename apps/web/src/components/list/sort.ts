import type { SorterResult } from 'antd/es/table/interface';

type Order = 'ascend' | 'descend';

/** The sort part of a list request: a column key and antd's direction name, or neither. */
export interface ListSort {
  sortField?: string;
  sortOrder?: Order;
}

/** Maps antd's sorter (one column) to the request's sortField/sortOrder; no order means no sort. */
export function toListSort<Row>(sorter: SorterResult<Row> | SorterResult<Row>[]): ListSort {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!one?.order) return {};
  const field = one.columnKey ?? (typeof one.field === 'string' ? one.field : undefined);
  if (field === undefined) return {};
  return { sortField: String(field), sortOrder: one.order };
}

/** antd's sortOrder for a column, from the request's sort (controlled sorting keeps the arrow after reload). */
export function columnSortOrder(sort: ListSort, columnKey: string): Order | null {
  return sort.sortField === columnKey && sort.sortOrder ? sort.sortOrder : null;
}

/** The sort fields of a request typed by the call's allowed fields; anything else is left to the server's default. */
export function sortRequest<Field extends string>(
  sort: ListSort,
  fields: readonly Field[],
): { sortField?: Field; sortOrder?: Order } {
  const field = fields.find((allowed) => allowed === sort.sortField);
  return field && sort.sortOrder ? { sortField: field, sortOrder: sort.sortOrder } : {};
}
