import { ErrorCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/index.ts';
import { ownerInSubtree } from '../managed-accounts/index.ts';

/**
 * "The project with this id in the caller's subtree", written once, like DeviceInScope: every read and
 * write of one project takes what this answers, so a handler that skips the lookup does not compile.
 */

/** Not exported: only this module writes the brand. */
declare const foundInScope: unique symbol;

export interface ProjectInScope {
  readonly [foundInScope]: true;
  readonly id: string;
  readonly dealerId: string;
  readonly checkState: number;
  readonly isCenControl: 'N' | 'Y';
  readonly version: number;
}

/** Projects (alias `pj`) joined to their owner dealer (alias `pd`), those of the scope's subtree only. */
export const projectsOfScope = (db: Kysely<DB>, scope: DealerScope) =>
  db
    .selectFrom('projects as pj')
    .innerJoin('dealers as pd', 'pd.id', 'pj.dealer_id')
    .where(ownerInSubtree(scope, 'pd'));

/**
 * The project of the scope with this id; NOT_FOUND for a missing or foreign one alike. `forUpdate` locks
 * its row (inside a transaction) so that its state, devices and photos change one writer at a time.
 */
export async function projectInScope(
  db: Kysely<DB>,
  scope: DealerScope,
  projectId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProjectInScope> {
  if (!isIdText(projectId)) fail(ErrorCode.NOT_FOUND);
  const query = projectsOfScope(db, scope)
    .select(['pj.id', 'pj.dealer_id', 'pj.check_state', 'pj.is_cen_control', 'pj.version'])
    .where('pj.id', '=', projectId);
  const row = await foundOrFail((options.forUpdate ? query.forUpdate('pj') : query).executeTakeFirst());
  return {
    id: row.id,
    dealerId: row.dealer_id,
    checkState: row.check_state,
    isCenControl: row.is_cen_control,
    version: row.version,
  } as ProjectInScope;
}
