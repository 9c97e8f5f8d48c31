import { ErrorCode, type roleAdd, type roleEdit, type RoleItem } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { assertVersionMatched } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/found.ts';
import { buttonsOfMember } from '../dealers/repo.ts';
import { logOrganizationEvent } from '../members/account-events.ts';
import { deleteRoleRow, findRole, insertCompanyRole, replaceRoleButtons, roleHolders, roleItem, updateRoleAtVersion, type RoleColumns, type ScopedRole } from './repo.ts';
import { checkedRoleButtons } from './rules.ts';

/** Who changes roles: the signed-in account and the address it calls from (for the account log). */
export interface RoleActor {
  userId: string;
  ip: string;
}

type RoleFields = z.output<typeof roleAdd.request>;

const roleColumns = (fields: RoleFields): RoleColumns => ({
  name: fields.roleName,
  description: fields.description,
  view_level_max: fields.viewLevelMax,
  fault_levels: sql<number[]>`${`{${[...new Set(fields.faultLevels)].sort().join(',')}}`}::smallint[]` as unknown as number[],
});

const roleInScope = (db: Kysely<DB>, scope: DealerScope, roleId: string): Promise<ScopedRole> => foundOrFail(findRole(db, scope, roleId));

/** The buttons the role may hold: checked against its company's level and the caller's own buttons. */
async function allowedButtons(db: Kysely<DB>, scope: DealerScope, actor: RoleActor, fields: RoleFields, companyLevel: number): Promise<string[]> {
  return checkedRoleButtons(fields, companyLevel, new Set(await buttonsOfMember(db, actor.userId, scope.dealerId)));
}

/** Adds a role to the scope's own company. */
export async function addRole(db: Kysely<DB>, scope: DealerScope, actor: RoleActor, fields: RoleFields): Promise<RoleItem> {
  const buttons = await allowedButtons(db, scope, actor, fields, scope.level);
  const role = await db.transaction().execute((trx) => insertCompanyRole(trx, scope, roleColumns(fields), buttons));
  return roleItem(db, scope, role);
}

/**
 * Edits a role of the scope's subtree if nobody changed it since the caller loaded `version`
 * (else STALE_VERSION); its holders' next calls use the new buttons, and their account logs say so.
 */
export async function editRole(db: Kysely<DB>, scope: DealerScope, actor: RoleActor, fields: z.output<typeof roleEdit.request>): Promise<RoleItem> {
  const role = await db.transaction().execute(async (trx) => {
    const found = await roleInScope(trx, scope, fields.roleId);
    const buttons = await allowedButtons(trx, scope, actor, fields, found.companyLevel);
    assertVersionMatched(await updateRoleAtVersion(trx, found, roleColumns(fields), fields.version));
    await replaceRoleButtons(trx, found, buttons);
    for (const holder of await roleHolders(trx, found)) {
      await logOrganizationEvent(trx, { userId: holder.user_id, action: 'roleChanged', ip: actor.ip, detail: fields.roleName, dealerId: holder.dealer_id, operatorId: actor.userId });
    }
    return found;
  });
  return roleItem(db, scope, role);
}

/** Deletes a role of the scope's subtree that no member holds (else ROLE_IN_USE). */
export async function deleteRole(db: Kysely<DB>, scope: DealerScope, roleId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const role = await roleInScope(trx, scope, roleId);
    if ((await roleHolders(trx, role)).length > 0) fail(ErrorCode.ROLE_IN_USE);
    await deleteRoleRow(trx, role);
  });
}
