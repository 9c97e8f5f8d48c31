import { ErrorCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { isIdText } from '../../auth/permission-repo.ts';
import { fail } from '../../http/app-error.ts';
import type { OrgDB, ScopedDealer } from '../dealers/index.ts';
import { assertGrantable } from '../roles/index.ts';

/**
 * Checks roles before they are given to a member of `memberDealer`:
 * - the role's owner lies in the caller's subtree (else NOT_FOUND, like a missing id);
 * - the member's dealer is the owner, or a descendant of it whose level the role allows;
 * - every button of the role is held by the caller (no one grants more than they hold);
 * - a role holding platform-only buttons goes to members of the level-0 company only.
 */
export async function assertRolesAssignable(
  db: Kysely<OrgDB>,
  scope: DealerScope,
  callerButtons: ReadonlySet<string>,
  memberDealer: ScopedDealer,
  roleIds: readonly string[],
): Promise<string[]> {
  const ids = [...new Set(roleIds)];
  if (!ids.every(isIdText)) fail(ErrorCode.NOT_FOUND);
  const roles = await db
    .selectFrom('roles as r')
    .innerJoin('dealers as o', 'o.id', 'r.dealer_id')
    .select(['r.id', 'r.view_level_max', 'o.id as owner_id', 'o.path as owner_path'])
    .where('r.id', 'in', ids)
    .where('o.path', 'like', `${scope.path}%`)
    .execute();
  if (roles.length !== ids.length) fail(ErrorCode.NOT_FOUND);
  for (const role of roles) {
    const inside =
      memberDealer.id === role.owner_id ||
      (memberDealer.path.startsWith(role.owner_path) && memberDealer.level <= role.view_level_max);
    if (!inside) fail(ErrorCode.ROLE_NOT_ASSIGNABLE);
  }
  const buttons = await db
    .selectFrom('role_buttons')
    .select('button_id')
    .distinct()
    .where('role_id', 'in', ids)
    .execute();
  if (buttons.some((row) => !callerButtons.has(row.button_id))) fail(ErrorCode.BUTTON_NOT_HELD);
  assertGrantable(
    memberDealer.level,
    buttons.map((row) => row.button_id),
  );
  return ids;
}
