import { ErrorCode } from '@dcc/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';

/** Scope helpers of the people records: every record has an owner dealer, visible in the owner's ancestors' subtrees. */

/** SQL condition: the dealers row under `alias` lies in the scope's subtree (indexed prefix match on the path). */
export const ownerInSubtree = (scope: DealerScope, alias: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(`${alias}.path`)} like ${`${scope.path}%`}`;

/**
 * The owner dealer of a new record: the scope's company, or the given dealer when it lies in the
 * subtree; a foreign or missing dealer fails with NOT_FOUND like any foreign id.
 */
export async function ownerForNewRecord(
  db: Kysely<DB>,
  scope: DealerScope,
  ownerDealerId: string | undefined,
): Promise<string> {
  if (ownerDealerId === undefined || ownerDealerId === '' || ownerDealerId === scope.dealerId) return scope.dealerId;
  if (!isIdText(ownerDealerId)) fail(ErrorCode.NOT_FOUND);
  const row = await db
    .selectFrom('dealers')
    .select('id')
    .where('id', '=', ownerDealerId)
    .where('path', 'like', `${scope.path}%`)
    .executeTakeFirst();
  if (!row) fail(ErrorCode.NOT_FOUND);
  return row.id;
}

/** `%text%` for ilike, with the wildcard characters of the text escaped. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * SQL: the account under alias `u` is locked by an administrator. Wrong passwords never lock an account
 * (they count against the source address: docs/SECURITY.md, limits a stranger can trip).
 */
export const ACCOUNT_LOCKED = sql<boolean>`(u.admin_locked_at is not null)`;

/** The `locked` filter of account lists as a SQL condition on alias `u`. */
export const lockedCondition = (locked: '0' | '1'): RawBuilder<boolean> =>
  locked === '1' ? ACCOUNT_LOCKED : sql<boolean>`not ${ACCOUNT_LOCKED}`;
