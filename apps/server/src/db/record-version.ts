import { ErrorCode } from '@dcc/contract';
import { sql, type DeleteResult, type UpdateResult } from 'kysely';
import { fail } from '../http/app-error.ts';

/** The `set` entry that moves a record to its next version; every edit of a versioned table includes it. */
export const nextVersion = { version: sql<number>`version + 1` };

const changedRows = (result: UpdateResult | DeleteResult): bigint =>
  'numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows;

/**
 * Refuses a lost update: the edit's `update ... where id = ? and version = <sent>` (or the delete's)
 * changed no row although the record exists in the caller's scope, so someone else changed it first.
 * Check existence and scope before (NOT_FOUND stays NOT_FOUND); this answers STALE_VERSION.
 */
export function assertVersionMatched(
  result: UpdateResult | DeleteResult | readonly (UpdateResult | DeleteResult)[],
): void {
  const results: readonly (UpdateResult | DeleteResult)[] = Array.isArray(result)
    ? result
    : [result as UpdateResult | DeleteResult];
  if (results.reduce((sum, one) => sum + changedRows(one), 0n) === 0n) fail(ErrorCode.STALE_VERSION);
}

/** Refuses an edit of a record read (and locked) in the writer's transaction whose version is not the one the caller sent. */
export function assertSameVersion(stored: number, sent: number): void {
  if (stored !== sent) fail(ErrorCode.STALE_VERSION);
}

/** The row an `update ... where version = <sent> returning ...` answered; STALE_VERSION when it matched none. */
export function versionMatchedRow<T>(row: T | undefined): T {
  if (row === undefined) fail(ErrorCode.STALE_VERSION);
  return row;
}
