import type { SortOrder } from '@dcc/contract';
import { sql, type SelectQueryBuilder } from 'kysely';

/** What every people-record list asks for besides its filters. */
export interface PageRequest {
  sortOrder: SortOrder;
  pageIndex: number;
  pageSize: number;
}

/**
 * Runs one sorted page of a filtered query and the count of all its rows together. `sortColumn`
 * comes from a fixed map of the caller (never from the request); ties break on `idColumn`.
 */
export async function sortedPage<D, TB extends keyof D, O>(
  filtered: SelectQueryBuilder<D, TB, object>,
  select: (query: SelectQueryBuilder<D, TB, object>) => SelectQueryBuilder<D, TB, O>,
  order: { sortColumn: string; idColumn: string },
  request: PageRequest,
): Promise<{ rows: O[]; totalSize: number }> {
  const direction = request.sortOrder === 'ascend' ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    select(filtered)
      .orderBy(sql.ref(order.sortColumn), direction)
      .orderBy(sql.ref(order.idColumn), direction)
      .limit(request.pageSize)
      .offset((request.pageIndex - 1) * request.pageSize)
      .execute(),
    filtered.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalSize: Number((total as { n: string }).n) };
}
