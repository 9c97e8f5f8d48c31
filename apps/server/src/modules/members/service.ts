import { ErrorCode, type addMember, type editMember } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { assertVersionMatched } from '../../db/record-version.ts';
import { fail } from '../../http/app-error.ts';
import { sharedDb, type OrgDB, buttonsOfMember, dealerInScope } from '../dealers/index.ts';
import { inviteAccount, hasPendingInvitation } from '../invitations/index.ts';
import { isProvinceOrCity } from '../nation/index.ts';
import { accountDisplayName, logOrganizationEvent } from './account-events.ts';
import { createDealerAccount, dealerAccountByPhone } from './accounts.ts';
import { assertRolesAssignable } from './assignable.ts';
import * as repo from './repo.ts';
import { assertMayChangeMember, rolesChanged, visibleRealName, type MemberChange, type MemberTarget } from './rules.ts';
import { assertIssuedUpload } from '../uploads/index.ts';
import type { Actor } from '../../http/call-route.ts';

/** Who acts: the signed-in account, from which IP. */
export type MemberActor = Actor;

type AddInput = z.output<typeof addMember.request>;
type EditInput = z.output<typeof editMember.request>;

function checkJurisdiction(codes: readonly string[]): string {
  const unknown = codes.find((code) => !isProvinceOrCity(code));
  if (unknown !== undefined) fail(ErrorCode.AREA_UNKNOWN, { code: unknown });
  return [...new Set(codes)].join(',');
}

/** The buttons the caller holds in the company it acts for. */
export const buttonsHeld = async (db: Kysely<OrgDB>, scope: DealerScope, actor: MemberActor): Promise<Set<string>> =>
  new Set(await buttonsOfMember(sharedDb(db), actor.userId, scope.dealerId));

/** A member of the subtree; NOT_FOUND for a foreign or missing id alike. */
async function memberInScope(trx: Kysely<OrgDB>, scope: DealerScope, memberId: string): Promise<repo.ScopedMember> {
  const member = await repo.findMemberInScope(trx, scope, memberId);
  if (!member) fail(ErrorCode.NOT_FOUND);
  return member;
}

/** Refuses the change unless the caller may make it (rules.ts): TARGET_OUTRANKS or COMPANY_ADMIN_PROTECTED. */
async function assertChangeAllowed(
  trx: Kysely<OrgDB>,
  scope: DealerScope,
  held: ReadonlySet<string>,
  member: repo.ScopedMember,
  change: MemberChange,
): Promise<void> {
  const target: MemberTarget = {
    dealerId: member.dealer_id,
    buttons: await repo.buttonsOfScopedMember(trx, member),
    isCompanyAdmin: member.is_admin,
  };
  assertMayChangeMember(scope.dealerId, held, target, change);
}

/** What the add dialog may learn about a phone: existence, membership here, and a name only for accounts of the subtree. */
export async function checkPhone(db: Kysely<OrgDB>, scope: DealerScope, phone: string) {
  const account = await dealerAccountByPhone(sharedDb(db), phone);
  if (!account) return { accountExists: false, isMember: false, memberId: null, realName: '', invited: false };
  const [member, inSubtree, invited] = await Promise.all([
    repo.memberOfCompany(db, scope, account.id),
    repo.isMemberInSubtree(db, scope, account.id),
    hasPendingInvitation(db, { id: scope.dealerId }, account.id),
  ]);
  return {
    accountExists: true,
    isMember: member !== undefined,
    memberId: member?.id ?? null,
    realName: visibleRealName(account.real_name, inSubtree),
    invited,
  };
}

/**
 * Adds a member to the current company: a new account is created with it; an existing account is
 * only invited (it joins when it accepts), so no company takes an account without its consent.
 */
export async function addMemberToCompany(db: Kysely<OrgDB>, scope: DealerScope, actor: MemberActor, input: AddInput) {
  const jurisdiction = checkJurisdiction(input.jurisdiction);
  await assertIssuedUpload(sharedDb(db), { userId: actor.userId, dealerId: scope.dealerId }, input.img);
  const added = await db.transaction().execute(async (trx) => {
    const company = await dealerInScope(trx, scope, scope.dealerId);
    const roleIds = await assertRolesAssignable(
      trx,
      scope,
      await buttonsHeld(trx, scope, actor),
      company,
      input.roleIds,
    );
    const existing = await dealerAccountByPhone(sharedDb(trx), input.phone);
    if (!existing && !input.createAccount) fail(ErrorCode.ACCOUNT_MISSING);
    if (existing) {
      if (await repo.memberOfCompany(trx, scope, existing.id)) fail(ErrorCode.ALREADY_MEMBER);
      await inviteAccount(
        trx,
        company,
        { userId: existing.id, roleIds, jurisdiction, asAdmin: false },
        { ...actor, name: await accountDisplayName(sharedDb(trx), actor.userId) },
      );
      return { memberId: null, password: null };
    }
    const created = await createDealerAccount(sharedDb(trx), {
      phone: input.phone,
      realName: input.realName,
      email: input.email,
      img: input.img,
    });
    const memberId = await repo.insertScopedMember(trx, company, created.id, jurisdiction, roleIds);
    await logOrganizationEvent(sharedDb(trx), {
      userId: created.id,
      action: 'memberAdded',
      ip: actor.ip,
      detail: company.name,
      dealerId: company.id,
      operatorId: actor.userId,
    });
    return { memberId, password: created.password };
  });
  const member = added.memberId === null ? null : await repo.memberItem(db, scope, added.memberId);
  return { member, password: added.password, invited: added.memberId === null };
}

/** Edits a member of the subtree at the version the caller loaded. */
export async function editMemberInScope(db: Kysely<OrgDB>, scope: DealerScope, actor: MemberActor, input: EditInput) {
  const jurisdiction = checkJurisdiction(input.jurisdiction);
  await db.transaction().execute(async (trx) => {
    const held = await buttonsHeld(trx, scope, actor);
    const member = await memberInScope(trx, scope, input.memberId);
    const before = await repo.roleIdsOfScopedMember(trx, member);
    const dealer = await dealerInScope(trx, scope, member.dealer_id);
    const roleIds = await assertRolesAssignable(trx, scope, held, dealer, input.roleIds);
    await assertChangeAllowed(trx, scope, held, member, rolesChanged(before, roleIds) ? 'roles' : 'profile');
    const account = await trx.selectFrom('users').select('img').where('id', '=', member.user_id).executeTakeFirst();
    await assertIssuedUpload(sharedDb(trx), { userId: actor.userId, dealerId: scope.dealerId }, input.img, {
      current: account?.img,
    });
    assertVersionMatched(await repo.updateMemberAtVersion(trx, member, input.version, jurisdiction));
    // The avatar and email belong to the account: changed only when no company outside the subtree uses it.
    await repo.updateAccountProfileInScope(trx, scope, member, { img: input.img, email: input.email });
    if (!rolesChanged(before, roleIds)) return;
    await repo.replaceMemberRoles(trx, member, roleIds);
    await logOrganizationEvent(sharedDb(trx), {
      userId: member.user_id,
      action: 'roleChanged',
      ip: actor.ip,
      detail: dealer.name,
      dealerId: dealer.id,
      operatorId: actor.userId,
    });
  });
  return repo.memberItem(db, scope, input.memberId);
}

/** Removes a member of the subtree from its company; the account stays. */
export async function removeMemberInScope(
  db: Kysely<OrgDB>,
  scope: DealerScope,
  actor: MemberActor,
  memberId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const member = await memberInScope(trx, scope, memberId);
    await assertChangeAllowed(trx, scope, await buttonsHeld(trx, scope, actor), member, 'remove');
    await repo.deleteScopedMember(trx, member);
    await logOrganizationEvent(sharedDb(trx), {
      userId: member.user_id,
      action: 'memberRemoved',
      ip: actor.ip,
      detail: member.dealer_name,
      dealerId: member.dealer_id,
      operatorId: actor.userId,
    });
  });
}
