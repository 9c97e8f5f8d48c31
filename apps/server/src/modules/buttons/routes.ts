import { addButton, deleteButton, ErrorCode, getButtonTree, moveButton, renameButton, roleButtonTree } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, sessionOf, type CallContext, type CallRoute } from '../../http/call-route.ts';
import { orgDb, type OrgDB } from '../dealers/org-db.ts';
import { buttonsOfMember } from '../dealers/repo.ts';
import { scopeOf } from '../dealers/scope.ts';
import { allButtons, buildTree, isSelfOrDescendant } from './button-tree.ts';

/** The tree is shared by every company: only the level-0 company changes it. */
function platformScope(ctx: CallContext): DealerScope {
  const scope = scopeOf(ctx);
  if (scope.level !== 0) fail(ErrorCode.PERMISSION_DENIED);
  return scope;
}

async function existingButton(db: Kysely<OrgDB>, id: string) {
  const row = await db.selectFrom('buttons').select(['id', 'parent_id']).where('id', '=', id).executeTakeFirst();
  if (!row) fail(ErrorCode.NOT_FOUND);
  return row;
}

/** The permission button tree: read for role forms (B170) and the button page (B213); changed by the platform. */
export function buttonRoutes(shared: Kysely<DB>): CallRoute[] {
  const db = orgDb(shared);
  const tree = async (ctx: CallContext) => {
    const held = new Set(await buttonsOfMember(shared, sessionOf(ctx).userId, scopeOf(ctx).dealerId));
    return buildTree(await allButtons(db), ctx.locale, held);
  };
  return [
    route(roleButtonTree, async (_input, ctx) => tree(ctx)),
    route(getButtonTree, async (_input, ctx) => tree(ctx)),
    route(addButton, async (input, ctx) => {
      const scope = platformScope(ctx);
      await db.transaction().execute(async (trx) => {
        if (await trx.selectFrom('buttons').select('id').where('id', '=', input.buttonId).executeTakeFirst()) fail(ErrorCode.BUTTON_ID_TAKEN);
        const parent = input.parentId === '' ? null : (await existingButton(trx, input.parentId)).id;
        await trx
          .insertInto('buttons')
          .values({ id: input.buttonId, parent_id: parent, label_key: '', name: input.name, customized: true, sort: sql<number>`(select coalesce(max(sort), 0) + 1 from buttons)` as never })
          .execute();
        // The caller's roles that hold the parent hold the new button, so that it can be granted at all.
        const roles = await trx
          .selectFrom('member_roles as mr')
          .innerJoin('members as m', 'm.id', 'mr.member_id')
          .select('mr.role_id')
          .distinct()
          .where('m.user_id', '=', sessionOf(ctx).userId)
          .where('m.dealer_id', '=', scope.dealerId)
          .where((eb) => (parent === null ? eb.lit(true) : eb.exists(eb.selectFrom('role_buttons as rb').select('rb.role_id').whereRef('rb.role_id', '=', 'mr.role_id').where('rb.button_id', '=', parent))))
          .execute();
        if (roles.length > 0) await trx.insertInto('role_buttons').values(roles.map((role) => ({ role_id: role.role_id, button_id: input.buttonId }))).execute();
      });
      return null;
    }),
    route(renameButton, async (input, ctx) => {
      platformScope(ctx);
      const button = await existingButton(db, input.buttonId);
      await db.updateTable('buttons').set({ name: input.name, customized: true }).where('id', '=', button.id).execute();
      return null;
    }),
    route(moveButton, async (input, ctx) => {
      platformScope(ctx);
      await db.transaction().execute(async (trx) => {
        const button = await existingButton(trx, input.buttonId);
        const parent = input.parentId === '' ? null : (await existingButton(trx, input.parentId)).id;
        if (parent !== null && isSelfOrDescendant(await allButtons(trx), button.id, parent)) fail(ErrorCode.BUTTON_CYCLE);
        await trx.updateTable('buttons').set({ parent_id: parent, customized: true }).where('id', '=', button.id).execute();
      });
      return null;
    }),
    route(deleteButton, async (input, ctx) => {
      platformScope(ctx);
      await db.transaction().execute(async (trx) => {
        const button = await existingButton(trx, input.buttonId);
        if (input.deleteWord !== button.id) fail(ErrorCode.DELETE_WORD_MISMATCH);
        if (await trx.selectFrom('buttons').select('id').where('parent_id', '=', button.id).executeTakeFirst()) fail(ErrorCode.BUTTON_HAS_CHILDREN);
        await trx.deleteFrom('buttons').where('id', '=', button.id).execute();
      });
      return null;
    }),
  ];
}
