import { ErrorCode, listRoles, roleAdd, roleDelete, roleEdit } from '@dcc/contract';
import type { z } from 'zod';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, sessionOf, type CallContext, type CallRoute } from '../../http/call-route.ts';
import { orgDb, sharedDb, type OrgDB } from '../dealers/org-db.ts';
import { buttonsOfMember } from '../dealers/repo.ts';
import { scopeOf } from '../dealers/scope.ts';
import { logOrganizationEvent } from '../members/account-events.ts';
import { roleItem, rolePage } from './role-repo.ts';

type RoleFields = z.output<typeof roleAdd.request>;

/** 'the contents are not filled in' for an empty name or no button; buttons must be held by the caller. */
async function checkRole(db: Kysely<DB>, ctx: CallContext, scope: DealerScope, fields: RoleFields): Promise<string[]> {
  const buttons = [...new Set(fields.buttonIds)];
  if (fields.roleName === '' || buttons.length === 0) fail(ErrorCode.ROLE_CONTENT_EMPTY);
  const held = new Set(await buttonsOfMember(db, sessionOf(ctx).userId, scope.dealerId));
  if (buttons.some((id) => !held.has(id))) fail(ErrorCode.BUTTON_NOT_HELD);
  return buttons;
}

const roleColumns = (fields: RoleFields) => ({
  name: fields.roleName,
  description: fields.description,
  view_level_max: fields.viewLevelMax,
  fault_levels: sql<number[]>`${`{${[...new Set(fields.faultLevels)].sort().join(',')}}`}::smallint[]` as unknown as number[],
});

/** A role owned inside the scope's subtree; else NOT_FOUND. */
async function roleInScope(db: Kysely<OrgDB>, scope: DealerScope, roleId: string): Promise<string> {
  if (!isIdText(roleId)) fail(ErrorCode.NOT_FOUND);
  const row = await db
    .selectFrom('roles as r')
    .innerJoin('dealers as d', 'd.id', 'r.dealer_id')
    .select('r.id')
    .where('r.id', '=', roleId)
    .where('d.path', 'like', `${scope.path}%`)
    .executeTakeFirst();
  if (!row) fail(ErrorCode.NOT_FOUND);
  return row.id;
}

/** Role management (B170); a changed role counts from its members' next call (the pipeline reads roles per call). */
export function roleRoutes(shared: Kysely<DB>): CallRoute[] {
  const db = orgDb(shared);
  return [
    route(listRoles, async (input, ctx) => rolePage(db, { dealerId: scopeOf(ctx).dealerId }, input.pageIndex, input.pageSize, input.roleName)),
    route(roleAdd, async (input, ctx) => {
      const scope = scopeOf(ctx);
      const buttons = await checkRole(shared, ctx, scope, input);
      const roleId = await db.transaction().execute(async (trx) => {
        const role = await trx.insertInto('roles').values({ dealer_id: scope.dealerId, ...roleColumns(input) }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('role_buttons').values(buttons.map((button_id) => ({ role_id: role.id, button_id }))).execute();
        return role.id;
      });
      return roleItem(db, roleId);
    }),
    route(roleEdit, async (input, ctx) => {
      const scope = scopeOf(ctx);
      const buttons = await checkRole(shared, ctx, scope, input);
      await db.transaction().execute(async (trx) => {
        const roleId = await roleInScope(trx, scope, input.roleId);
        await trx.updateTable('roles').set(roleColumns(input)).where('id', '=', roleId).execute();
        await trx.deleteFrom('role_buttons').where('role_id', '=', roleId).execute();
        await trx.insertInto('role_buttons').values(buttons.map((button_id) => ({ role_id: roleId, button_id }))).execute();
        const holders = await trx.selectFrom('member_roles as mr').innerJoin('members as m', 'm.id', 'mr.member_id').select(['m.user_id', 'm.dealer_id']).where('mr.role_id', '=', roleId).execute();
        for (const holder of holders) await logOrganizationEvent(sharedDb(trx), {
          userId: holder.user_id, action: 'roleChanged', ip: ctx.ip, detail: input.roleName, dealerId: holder.dealer_id, operatorId: sessionOf(ctx).userId,
        });
      });
      return roleItem(db, input.roleId);
    }),
    route(roleDelete, async (input, ctx) => {
      const scope = scopeOf(ctx);
      await db.transaction().execute(async (trx) => {
        const roleId = await roleInScope(trx, scope, input.roleId);
        const holder = await trx.selectFrom('member_roles').select('member_id').where('role_id', '=', roleId).limit(1).executeTakeFirst();
        if (holder) fail(ErrorCode.ROLE_IN_USE);
        await trx.deleteFrom('roles').where('id', '=', roleId).execute();
      });
      return null;
    }),
  ];
}
