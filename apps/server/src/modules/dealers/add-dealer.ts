import { translate, type addDealers } from '@dcc/contract';
import type { z } from 'zod';
import { ErrorCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { insertMember, insertRole } from '../../db/seed/people.ts';
import { fail } from '../../http/app-error.ts';
import type { CallContext } from '../../http/call-route.ts';
import { sessionOf } from '../../http/call-route.ts';
import { logOrganizationEvent } from '../members/account-events.ts';
import { createDealerAccount, dealerAccountByPhone } from '../members/accounts.ts';
import { uploaderOf } from '../uploads/issued.ts';
import { checkDealerFields, dealerColumns } from './dealer-writes.ts';
import { sharedDb, type OrgDB } from './org-db.ts';
import { buttonsOfMember } from './repo.ts';
import { dealerInScope } from './scope.ts';

type AddInput = z.output<typeof addDealers.request>;

/**
 * Adds a dealer under the company or one of its descendants, with its admin account (new, with a
 * random password answered once, or the existing dealer account of that phone) and an
 * Administrator role holding the caller's own buttons, so no one grants more than they hold.
 */
export async function addDealer(db: Kysely<OrgDB>, scope: DealerScope, input: AddInput, ctx: CallContext) {
  return db.transaction().execute(async (trx) => {
    const parent = await dealerInScope(trx, scope, input.parentId === '' ? scope.dealerId : input.parentId);
    if (parent.level + 1 > 5) fail(ErrorCode.DEALER_LEVEL_EXCEEDED);
    await checkDealerFields(trx, input, uploaderOf(ctx), null);
    const dealer = await trx
      .insertInto('dealers')
      .values({ ...dealerColumns(input), level: parent.level + 1, parent_id: parent.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const existing = await dealerAccountByPhone(sharedDb(trx), input.contactPhone);
    const created = existing ? null : await createDealerAccount(sharedDb(trx), { phone: input.contactPhone, realName: input.contactName, email: input.contactEmail });
    const adminId = existing?.id ?? created!.id;
    const buttons = await buttonsOfMember(sharedDb(trx), sessionOf(ctx).userId, scope.dealerId);
    const roleId = await insertRole(sharedDb(trx), { dealerId: dealer.id, name: translate(ctx.locale, 'organization.role.admin'), buttons, viewLevelMax: 5 });
    await insertMember(sharedDb(trx), { dealerId: dealer.id, userId: adminId, roleIds: [roleId] });
    await trx.updateTable('dealers').set({ admin_user_id: adminId }).where('id', '=', dealer.id).execute();
    await logOrganizationEvent(sharedDb(trx), { userId: adminId, action: 'memberAdded', ip: ctx.ip, detail: `${input.dealersName} (${input.dealersCode})`, dealerId: dealer.id, operatorId: sessionOf(ctx).userId });
    return { dealerId: dealer.id, adminPassword: created?.password ?? null };
  });
}
