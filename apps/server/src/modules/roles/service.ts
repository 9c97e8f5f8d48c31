import { ErrorCode, type BuiltinRole, type roleAdd, type roleEdit, type RoleItem } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { assertVersionMatched } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { foundOrFail } from '../catalog/index.ts';
import { orgDb } from '../dealers/index.ts';
import { logOrganizationEvent, buttonsOfScopedMember, buttonsHeld, assertMayChangeMember } from '../members/index.ts';
import {
  buttonsOfRole,
  deleteRoleRow,
  findRole,
  insertCompanyRole,
  replaceRoleButtons,
  roleHolders,
  roleItem,
  updateRoleAtVersion,
  type RoleColumns,
  type RoleHolder,
  type ScopedRole,
} from './repo.ts';
import { builtinAfterRename, storedBuiltinName } from './builtin.ts';
import { checkedRoleButtons } from './rules.ts';
import type { Actor } from '../../http/call-route.ts';

/** Who changes roles: the signed-in account and the address it calls from (for the account log). */
export type RoleActor = Actor;

type RoleFields = z.output<typeof roleAdd.request>;

/** The columns an add or edit writes; a built-in role keeps its built-in name unless renamed. */
const roleColumns = (fields: RoleFields, builtin: BuiltinRole | null = null): RoleColumns => ({
  name: builtin ? storedBuiltinName(builtin) : fields.roleName,
  builtin,
  description: fields.description,
  view_level_max: fields.viewLevelMax,
  fault_levels: sql<
    number[]
  >`${`{${[...new Set(fields.faultLevels)].sort().join(',')}}`}::smallint[]` as unknown as number[],
});

const roleInScope = (db: Kysely<DB>, scope: DealerScope, roleId: string): Promise<ScopedRole> =>
  foundOrFail(findRole(db, scope, roleId));

/**
 * An edit that takes buttons away from a role demotes every member holding it: the same rule as a
 * member edit applies to each of them (the caller holds all of the member's buttons, and a
 * company's admin is demoted only from a company above it).
 */
async function assertMayDemoteHolders(
  db: Kysely<DB>,
  scope: DealerScope,
  held: ReadonlySet<string>,
  role: ScopedRole,
  holders: RoleHolder[],
  kept: readonly string[],
): Promise<void> {
  const next = new Set(kept);
  if ((await buttonsOfRole(db, role)).every((button) => next.has(button))) return;
  for (const holder of holders) {
    const target = {
      dealerId: holder.dealer_id,
      buttons: await buttonsOfScopedMember(orgDb(db), holder),
      isCompanyAdmin: holder.is_admin,
    };
    assertMayChangeMember(scope.dealerId, held, target, 'roles');
  }
}

/** Adds a role to the scope's own company. */
export async function addRole(
  db: Kysely<DB>,
  scope: DealerScope,
  actor: RoleActor,
  fields: RoleFields,
): Promise<RoleItem> {
  const buttons = checkedRoleButtons(fields, scope.level, await buttonsHeld(orgDb(db), scope, actor));
  const role = await db.transaction().execute((trx) => insertCompanyRole(trx, scope, roleColumns(fields), buttons));
  return roleItem(db, scope, role);
}

/**
 * Edits a role of the scope's subtree if nobody changed it since the caller loaded `version`
 * (else STALE_VERSION); its holders' next calls use the new buttons, and their account logs say so.
 */
export async function editRole(
  db: Kysely<DB>,
  scope: DealerScope,
  actor: RoleActor,
  fields: z.output<typeof roleEdit.request>,
): Promise<RoleItem> {
  const role = await db.transaction().execute(async (trx) => {
    const found = await roleInScope(trx, scope, fields.roleId);
    const held = await buttonsHeld(orgDb(trx), scope, actor);
    const buttons = checkedRoleButtons(fields, found.companyLevel, held);
    const holders = await roleHolders(trx, found);
    await assertMayDemoteHolders(trx, scope, held, found, holders, buttons);
    assertVersionMatched(
      await updateRoleAtVersion(
        trx,
        found,
        roleColumns(fields, builtinAfterRename(found.builtin, fields.roleName)),
        fields.version,
      ),
    );
    await replaceRoleButtons(trx, found, buttons);
    for (const holder of holders) {
      await logOrganizationEvent(trx, {
        userId: holder.user_id,
        action: 'roleChanged',
        ip: actor.ip,
        detail: fields.roleName,
        dealerId: holder.dealer_id,
        operatorId: actor.userId,
      });
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
