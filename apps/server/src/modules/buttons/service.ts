import {
  ErrorCode,
  grantableButtons,
  type addButton,
  type ButtonNode,
  type Locale,
  type moveButton,
  type renameButton,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { orgDb, type OrgDB, buttonsOfMember } from '../dealers/index.ts';
import { allButtons, buildTree, isSelfOrDescendant } from './button-tree.ts';

/**
 * The permission-button tree is platform data, shared by every company. Its changes are made with
 * the platform-only button B213, which the permission pipeline admits in the level-0 company alone.
 */

async function existingButton(db: Kysely<OrgDB>, id: string) {
  const row = await db.selectFrom('buttons').select(['id', 'parent_id']).where('id', '=', id).executeTakeFirst();
  if (!row) fail(ErrorCode.NOT_FOUND);
  return row;
}

/** The tree in the caller's language, marking what the caller may grant in the scope's company. */
export async function buttonTreeFor(
  db: Kysely<DB>,
  scope: DealerScope,
  userId: string,
  locale: Locale,
): Promise<ButtonNode[]> {
  const held = new Set(grantableButtons(scope.level, await buttonsOfMember(db, userId, scope.dealerId)));
  return buildTree(await allButtons(orgDb(db)), locale, held);
}

/** Adds a button; the caller's roles in the scope's company that hold its parent hold it too, so it can be granted at all. */
export async function addTreeButton(
  shared: Kysely<DB>,
  scope: DealerScope,
  userId: string,
  input: z.output<typeof addButton.request>,
): Promise<void> {
  await orgDb(shared)
    .transaction()
    .execute(async (trx) => {
      if (await trx.selectFrom('buttons').select('id').where('id', '=', input.buttonId).executeTakeFirst())
        fail(ErrorCode.BUTTON_ID_TAKEN);
      const parent = input.parentId === '' ? null : (await existingButton(trx, input.parentId)).id;
      await trx
        .insertInto('buttons')
        .values({
          id: input.buttonId,
          parent_id: parent,
          label_key: '',
          name: input.name,
          customized: true,
          sort: sql<number>`(select coalesce(max(sort), 0) + 1 from buttons)` as never,
        })
        .execute();
      const roles = await trx
        .selectFrom('member_roles as mr')
        .innerJoin('members as m', 'm.id', 'mr.member_id')
        .select('mr.role_id')
        .distinct()
        .where('m.user_id', '=', userId)
        .where('m.dealer_id', '=', scope.dealerId)
        .where((eb) =>
          parent === null
            ? eb.lit(true)
            : eb.exists(
                eb
                  .selectFrom('role_buttons as rb')
                  .select('rb.role_id')
                  .whereRef('rb.role_id', '=', 'mr.role_id')
                  .where('rb.button_id', '=', parent),
              ),
        )
        .execute();
      if (roles.length > 0)
        await trx
          .insertInto('role_buttons')
          .values(roles.map((role) => ({ role_id: role.role_id, button_id: input.buttonId })))
          .execute();
    });
}

/** Gives a button a name of its own (kept over the catalog label and the start-up sync). */
export async function renameTreeButton(
  shared: Kysely<DB>,
  input: z.output<typeof renameButton.request>,
): Promise<void> {
  const db = orgDb(shared);
  const button = await existingButton(db, input.buttonId);
  await db.updateTable('buttons').set({ name: input.name, customized: true }).where('id', '=', button.id).execute();
}

/** Moves a button under another (or to the top); never under itself or its children. */
export async function moveTreeButton(shared: Kysely<DB>, input: z.output<typeof moveButton.request>): Promise<void> {
  await orgDb(shared)
    .transaction()
    .execute(async (trx) => {
      const button = await existingButton(trx, input.buttonId);
      const parent = input.parentId === '' ? null : (await existingButton(trx, input.parentId)).id;
      if (parent !== null && isSelfOrDescendant(await allButtons(trx), button.id, parent)) fail(ErrorCode.BUTTON_CYCLE);
      await trx
        .updateTable('buttons')
        .set({ parent_id: parent, customized: true })
        .where('id', '=', button.id)
        .execute();
    });
}

/** Deletes a childless button once the caller typed its id (the delete word). */
export async function deleteTreeButton(
  shared: Kysely<DB>,
  input: { buttonId: string; deleteWord: string },
): Promise<void> {
  await orgDb(shared)
    .transaction()
    .execute(async (trx) => {
      const button = await existingButton(trx, input.buttonId);
      if (input.deleteWord !== button.id) fail(ErrorCode.DELETE_WORD_MISMATCH);
      if (await trx.selectFrom('buttons').select('id').where('parent_id', '=', button.id).executeTakeFirst())
        fail(ErrorCode.BUTTON_HAS_CHILDREN);
      await trx.deleteFrom('buttons').where('id', '=', button.id).execute();
    });
}
