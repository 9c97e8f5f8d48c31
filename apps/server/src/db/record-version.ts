import { ErrorCode } from '@dcc/contract';
import { sql, type UpdateResult } from 'kysely';
import { fail } from '../http/app-error.ts';

/** The `set` entry that moves a record to its next version; every edit of a versioned table includes it. */
export const nextVersion = { version: sql<number>`version + 1` };

/**
 * Refuses a lost update: the edit's `update ... where id = ? and version = <sent>` changed no row
 * although the record exists in the caller's scope, so someone else changed it first.
 */
export function assertVersionMatched(result: UpdateResult | readonly UpdateResult[]): void {
  const rows = Array.isArray(result) ? result.reduce((sum, one) => sum + one.numUpdatedRows, 0n) : (result as UpdateResult).numUpdatedRows;
  if (rows === 0n) fail(ErrorCode.STALE_VERSION);
}
