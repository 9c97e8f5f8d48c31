import type { SortOrder } from '@dcc/contract';
import { sql, type Expression, type QueryExecutorProvider, type SelectQueryBuilder } from 'kysely';

/**
 * Paging of the list calls, written once: one page of a filtered query and how many rows it matches. The page's size
 * arrives checked by the call's contract field (pageSizeOf in packages/contract: 1 to that call's largest page), and
 * sort columns come from a fixed map of the caller, never from the request.
 */

/** A page as the list calls ask for it: the 1-based page index and the rows a page holds. */
export interface PageRequest {
  pageIndex: number;
  pageSize: number;
}

/** A page as SQL reads it: at most `limit` rows after skipping `offset`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** How many rows come before the page. */
export const offsetOf = (pageIndex: number, pageSize: number): number => (pageIndex - 1) * pageSize;

/** The rows a page asks for, whichever way it was given. */
export const windowOf = (page: PageRequest | PageWindow): PageWindow =>
  'limit' in page ? page : { limit: page.pageSize, offset: offsetOf(page.pageIndex, page.pageSize) };

/**
 * Runs one page of a filtered query and the count of all its rows together. `listed` gives the page's columns and
 * order (the filtered query's own selections, if any, are left out of the count).
 */
export async function pageWithTotal<D, TB extends keyof D, S, O>(
  filtered: SelectQueryBuilder<D, TB, S>,
  listed: (query: SelectQueryBuilder<D, TB, S>) => SelectQueryBuilder<D, TB, O>,
  page: PageRequest | PageWindow,
): Promise<{ rows: O[]; totalSize: number }> {
  const { limit, offset } = windowOf(page);
  const [rows, total] = await Promise.all([
    listed(filtered).limit(limit).offset(offset).execute(),
    filtered
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalSize: Number((total as { n: string }).n) };
}

/** A list's page in its sort order: `sortOrder` from the request on top of the page. */
export interface SortedPageRequest extends PageRequest {
  sortOrder: SortOrder;
}

/**
 * One sorted page of a filtered query and the count of all its rows. `sortColumn` comes from a fixed map of the
 * caller (never from the request); ties break on `idColumn`.
 */
export function sortedPage<D, TB extends keyof D, O>(
  filtered: SelectQueryBuilder<D, TB, object>,
  select: (query: SelectQueryBuilder<D, TB, object>) => SelectQueryBuilder<D, TB, O>,
  order: { sortColumn: string; idColumn: string },
  request: SortedPageRequest,
): Promise<{ rows: O[]; totalSize: number }> {
  const direction = request.sortOrder === 'ascend' ? 'asc' : 'desc';
  return pageWithTotal(
    filtered,
    (query) => select(query).orderBy(sql.ref(order.sortColumn), direction).orderBy(sql.ref(order.idColumn), direction),
    request,
  );
}

/** Pages a list counts ahead of the asked one; past them it answers a lower bound (totalExact false). */
export const COUNT_AHEAD_PAGES = 10;
/** A bounded count counts exactly up to this many matches, "more than" past it. */
export const EXACT_COUNT_UP_TO = 10_000;

/** The last row a count-ahead list counts to: COUNT_AHEAD_PAGES pages past the asked one. */
export const countHorizonOf = (page: PageWindow): number => page.offset + (COUNT_AHEAD_PAGES + 1) * page.limit;

/**
 * How many rows `matching` yields, counted up to `upTo`: exact when at most that many (totalExact), else `upTo`, a
 * lower bound. The count stops at upTo + 1 rows (`matching` may stop there itself: pass it limited), so a filter
 * matching most of a large table costs a walk of that many rows, not of the table.
 */
export async function countUpTo(
  db: QueryExecutorProvider,
  matching: { limit(rows: number): Expression<unknown> },
  upTo: number,
): Promise<{ totalSize: number; totalExact: boolean }> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from (${matching.limit(upTo + 1)}) matched`.execute(
    db,
  );
  const counted = Number(rows[0]?.n ?? 0);
  return { totalSize: Math.min(counted, upTo), totalExact: counted <= upTo };
}
