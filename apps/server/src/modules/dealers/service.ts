import { ErrorCode, type dealersDetail, type editDealers, type listDealers } from '@dcc/contract';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { assertVersionMatched } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { writePassword } from '../auth/index.ts';
import { logResetGiven } from '../managed-accounts/index.ts';
import {
  logOrganizationEvent,
  newRandomPassword,
  buttonsOfScopedMember,
  memberPage,
  assertMayResetPassword,
  buttonsHeld,
  type MemberActor,
} from '../members/index.ts';
import { dealerItemOf, dealerItemsQuery, dealerPage } from './dealer-items.ts';
import * as writes from './dealer-writes.ts';
import { sharedDb, sharedTransaction, type OrgDB } from './org-db.ts';
import { accountMembershipsOutside, dealerInScope, escapeLike, type ScopedDealer } from './scope.ts';
import type { UploadOwner } from '../uploads/index.ts';

const FOREIGN_KEY_VIOLATION = '23503';

/** Dealer management rules (B135): every lookup is in the caller's scope; a foreign id answers NOT_FOUND. */

export async function listDealersInScope(
  db: Kysely<OrgDB>,
  scope: DealerScope,
  input: z.output<typeof listDealers.request>,
) {
  let query = dealerItemsQuery(db, scope);
  if (input.parentId !== '')
    query = query.where('d.parent_id', '=', (await dealerInScope(db, scope, input.parentId)).id);
  else if (input.handOverFrom === '') query = query.where('d.id', '<>', scope.dealerId);
  if (input.handOverFrom !== '') {
    const rule = await writes.handOverRule(db, await dealerInScope(db, scope, input.handOverFrom));
    query = query.where('d.path', 'not like', `${rule.from.path}%`).where('d.level', '<=', rule.maxTargetLevel);
  }
  if (input.dealersName !== '') query = query.where('d.name', 'ilike', `%${escapeLike(input.dealersName)}%`);
  if (input.dealersCode !== '') query = query.where('d.code', 'ilike', `%${escapeLike(input.dealersCode)}%`);
  if (input.level !== '') query = query.where('d.level', '=', input.level);
  return dealerPage(query, input.pageIndex, input.pageSize);
}

export async function dealerDetail(
  db: Kysely<OrgDB>,
  scope: DealerScope,
  input: z.output<typeof dealersDetail.request>,
) {
  const dealer = await dealerInScope(db, scope, input.id);
  const [info, saleScope, subDealers, members, admin] = await Promise.all([
    dealerItemOf(db, scope, dealer),
    writes.saleScopeOf(db, dealer),
    dealerPage(dealerItemsQuery(db, scope).where('d.parent_id', '=', dealer.id), input.subPageIndex, input.pageSize),
    memberPage(db, scope, { dealer }, input.memberPageIndex, input.pageSize),
    db
      .selectFrom('dealers as d')
      .innerJoin('users as u', 'u.id', 'd.admin_user_id')
      .select('u.user_name')
      .where('d.id', '=', dealer.id)
      .executeTakeFirst(),
  ]);
  return { info, adminPhone: admin?.user_name ?? '', saleScope, subDealers, members };
}

/** Edits a dealer of the subtree at the version the caller loaded (STALE_VERSION otherwise). */
export async function editDealer(
  db: Kysely<OrgDB>,
  scope: DealerScope,
  input: z.output<typeof editDealers.request>,
  uploader: UploadOwner,
) {
  const dealer = await dealerInScope(db, scope, input.id);
  await writes.checkDealerFields(db, input, uploader, dealer.id);
  assertVersionMatched(await writes.updateDealerAtVersion(db, dealer, input.version, input));
  return dealerItemOf(db, scope, dealer);
}

export async function setEnabled(db: Kysely<OrgDB>, scope: DealerScope, id: string, enabled: boolean): Promise<void> {
  await writes.setDealerEnabled(db, await dealerInScope(db, scope, id, true), enabled);
}

/**
 * What a dealer owns outside the organization (devices, projects): the device side checks or moves it in
 * the delete's or hand-over's own transaction (modules/dealer-holdings), so this module needs no device code.
 */
export type HoldingsStep<T> = (trx: Transaction<DB>, dealer: ScopedDealer) => Promise<T>;

/** Deletes a dealer strictly below the company; `holdings` refuses while it owns devices or projects. */
export async function removeDealer(
  db: Kysely<OrgDB>,
  scope: DealerScope,
  id: string,
  holdings: HoldingsStep<void>,
): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const dealer = await dealerInScope(trx, scope, id, true);
      await writes.assertDeletable(trx, dealer);
      await holdings(sharedTransaction(trx), dealer);
      await writes.deleteDealer(trx, dealer);
    });
  } catch (error) {
    // Rows of other areas that name the dealer as owner (customers, departments, PDA users, engineers, MACs).
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) fail(ErrorCode.DEALER_HAS_RECORDS);
    throw error;
  }
}

/**
 * Moves the sub-dealers of one dealer of the subtree under another, then what `holdings` moves of its
 * own (devices, projects) to the receiver, all in one transaction; answers how many dealers moved
 * (subtrees included) with what `holdings` answered.
 */
export async function handOver<T>(
  db: Kysely<OrgDB>,
  scope: DealerScope,
  fromId: string,
  toId: string,
  holdings: (trx: Transaction<DB>, from: ScopedDealer, to: ScopedDealer) => Promise<T>,
): Promise<{ moved: number; holdings: T }> {
  return db.transaction().execute(async (trx) => {
    const [from, to] = [await dealerInScope(trx, scope, fromId), await dealerInScope(trx, scope, toId)];
    const moved = await writes.handOver(trx, from, to);
    return { moved, holdings: await holdings(sharedTransaction(trx), from, to) };
  });
}

export async function saleScope(db: Kysely<OrgDB>, scope: DealerScope, id: string): Promise<string[]> {
  return writes.saleScopeOf(db, await dealerInScope(db, scope, id));
}

export async function setSaleScope(
  db: Kysely<OrgDB>,
  scope: DealerScope,
  id: string,
  areas: readonly string[],
): Promise<string[]> {
  return writes.replaceSaleScope(db, await dealerInScope(db, scope, id), areas);
}

/**
 * The random-password view: a new password for the admin account of a dealer strictly below the
 * company, only when that account belongs to no company outside the caller's subtree and the
 * caller holds all of its buttons there (rules.ts). Its live sessions end; both accounts' logs
 * record the reset.
 */
export async function resetAdminPassword(db: Kysely<OrgDB>, scope: DealerScope, actor: MemberActor, id: string) {
  const fresh = await newRandomPassword();
  return db.transaction().execute(async (trx) => {
    const dealer = await dealerInScope(trx, scope, id, true);
    const admin = await trx
      .selectFrom('dealers as d')
      .innerJoin('users as u', 'u.id', 'd.admin_user_id')
      .innerJoin('members as m', (join) => join.onRef('m.user_id', '=', 'u.id').onRef('m.dealer_id', '=', 'd.id'))
      .select(['u.id', 'u.user_name', 'm.id as member_id'])
      .select(({ exists, selectFrom }) => exists(accountMembershipsOutside(selectFrom, scope.path)).as('used_outside'))
      .where('d.id', '=', dealer.id)
      .executeTakeFirst();
    if (!admin) fail(ErrorCode.NOT_FOUND);
    const buttons = await buttonsOfScopedMember(trx, { id: admin.member_id });
    assertMayResetPassword(await buttonsHeld(trx, scope, actor), {
      buttons,
      usedOutsideSubtree: Boolean(admin.used_outside),
    });
    await writePassword(sharedDb(trx), [admin.id], fresh.hash, null, { keepChangeRequired: true });
    await logOrganizationEvent(sharedDb(trx), {
      userId: admin.id,
      action: 'passwordReset',
      ip: actor.ip,
      detail: dealer.name,
      dealerId: dealer.id,
      operatorId: actor.userId,
    });
    await logResetGiven(sharedDb(trx), actor, scope.dealerId, `${admin.user_name} (${dealer.name})`);
    return { adminPhone: admin.user_name, password: fresh.password };
  });
}
