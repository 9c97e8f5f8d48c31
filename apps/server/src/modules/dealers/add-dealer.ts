import type { addDealers } from '@dcc/contract';
import type { z } from 'zod';
import { ErrorCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { insertMember, insertRole } from '../../db/seed/people.ts';
import { storedBuiltinName } from '../roles/index.ts';
import { fail } from '../../http/app-error.ts';
import type { ScopedContext } from '../../http/call-route.ts';
import { inviteAccount } from '../invitations/index.ts';
import {
  accountDisplayName,
  logOrganizationEvent,
  createDealerAccount,
  dealerAccountByPhone,
} from '../members/index.ts';
import { uploaderOf } from '../uploads/index.ts';
import { checkDealerFields, dealerColumns } from './dealer-writes.ts';
import { sharedDb, type OrgDB } from './org-db.ts';
import { buttonsOfMember } from './repo.ts';
import { dealerInScope } from './scope.ts';

type AddInput = z.output<typeof addDealers.request>;

/**
 * Adds a dealer under the company or one of its descendants, with an Administrator role holding the
 * caller's own buttons (no one grants more than they hold) and its admin account: a new one with a
 * random password answered once, or, when a dealer account has that phone already, an invitation
 * that account accepts at its next sign-in (it becomes the admin only with its consent).
 */
export async function addDealer(db: Kysely<OrgDB>, scope: DealerScope, input: AddInput, ctx: ScopedContext) {
  return db.transaction().execute(async (trx) => {
    const parent = await dealerInScope(trx, scope, input.parentId === '' ? scope.dealerId : input.parentId);
    if (parent.level + 1 > 5) fail(ErrorCode.DEALER_LEVEL_EXCEEDED);
    await checkDealerFields(trx, input, uploaderOf(ctx), null);
    const dealer = await trx
      .insertInto('dealers')
      .values({ ...dealerColumns(input), level: parent.level + 1, parent_id: parent.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const operatorId = ctx.actor.userId;
    const buttons = await buttonsOfMember(sharedDb(trx), operatorId, scope.dealerId);
    const roleId = await insertRole(sharedDb(trx), {
      dealerId: dealer.id,
      name: storedBuiltinName('admin'),
      builtin: 'admin',
      buttons,
      viewLevelMax: 5,
    });
    const existing = await dealerAccountByPhone(sharedDb(trx), input.contactPhone);
    if (existing) {
      const added = await dealerInScope(trx, scope, dealer.id);
      await inviteAccount(
        trx,
        added,
        { userId: existing.id, roleIds: [roleId], jurisdiction: '', asAdmin: true },
        { userId: operatorId, name: await accountDisplayName(sharedDb(trx), operatorId), ip: ctx.ip },
      );
      return { dealerId: dealer.id, adminPassword: null, adminInvited: true };
    }
    const created = await createDealerAccount(sharedDb(trx), {
      phone: input.contactPhone,
      realName: input.contactName,
      email: input.contactEmail,
    });
    await insertMember(sharedDb(trx), { dealerId: dealer.id, userId: created.id, roleIds: [roleId] });
    await trx.updateTable('dealers').set({ admin_user_id: created.id }).where('id', '=', dealer.id).execute();
    await logOrganizationEvent(sharedDb(trx), {
      userId: created.id,
      action: 'memberAdded',
      ip: ctx.ip,
      detail: `${input.dealersName} (${input.dealersCode})`,
      dealerId: dealer.id,
      operatorId,
    });
    return { dealerId: dealer.id, adminPassword: created.password, adminInvited: false };
  });
}
