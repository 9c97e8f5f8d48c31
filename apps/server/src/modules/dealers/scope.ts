import { ErrorCode } from '@dcc/contract';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import { fail } from '../../http/app-error.ts';
import type { OrgDB } from './org-db.ts';

export interface ScopedDealer {
  id: string;
  level: number;
  path: string;
  parent_id: string | null;
  name: string;
}

/**
 * A dealer of the scope's subtree (the company itself included unless `strictlyBelow`);
 * anything else, foreign or missing, fails with the same NOT_FOUND.
 */
export async function dealerInScope(
  db: Kysely<OrgDB>,
  scope: DealerScope,
  id: string,
  strictlyBelow = false,
): Promise<ScopedDealer> {
  if (!isIdText(id)) fail(ErrorCode.NOT_FOUND);
  const row = await db
    .selectFrom('dealers')
    .select(['id', 'level', 'path', 'parent_id', 'name'])
    .where('id', '=', id)
    .where('path', 'like', `${scope.path}%`)
    .executeTakeFirst();
  if (!row || (strictlyBelow && row.id === scope.dealerId)) fail(ErrorCode.NOT_FOUND);
  return row;
}

/** SQL condition: the dealer alias lies in the scope's subtree (prefix match on the indexed path). */
export const inSubtree = (scope: DealerScope, pathColumn = 'd.path') =>
  sql<boolean>`${sql.ref(pathColumn)} like ${`${scope.path}%`}`;

/** A user's search text matched literally inside LIKE. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Memberships of the account `u.id` in companies outside a subtree: an account with any is used
 * elsewhere, so a company may not change its password or profile.
 */
export const accountMembershipsOutside = (
  selectFrom: ExpressionBuilder<OrgDB & { u: OrgDB['users'] }, 'u'>['selectFrom'],
  subtreePath: string,
) =>
  selectFrom('members as om')
    .innerJoin('dealers as od', 'od.id', 'om.dealer_id')
    .select('om.id')
    .whereRef('om.user_id', '=', 'u.id')
    .where('od.path', 'not like', `${subtreePath}%`);
