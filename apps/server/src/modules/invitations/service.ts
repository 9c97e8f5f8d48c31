import { ErrorCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { fail } from '../../http/app-error.ts';
import { logAccount } from '../auth/index.ts';
import { sharedDb, type OrgDB, type ScopedDealer } from '../dealers/index.ts';
import { logOrganizationEvent } from '../members/index.ts';
import * as repo from './repo.ts';

/** Who sends an invitation, from which IP. */
export interface Inviter {
  userId: string;
  name: string;
  ip: string;
}

/**
 * Invites an existing account into a dealer found in the caller's scope (roles already checked):
 * nothing changes for the account until it accepts. One pending invitation per account and company.
 */
export async function inviteAccount(
  trx: Kysely<OrgDB>,
  dealer: ScopedDealer,
  invitee: { userId: string; roleIds: readonly string[]; jurisdiction: string; asAdmin: boolean },
  inviter: Inviter,
): Promise<string> {
  await repo.clearExpiredInvitation(trx, dealer, invitee.userId);
  if (await repo.hasPendingInvitation(trx, dealer, invitee.userId)) fail(ErrorCode.INVITATION_PENDING);
  const id = await repo.insertInvitation(trx, dealer, {
    ...invitee,
    invitedBy: { userId: inviter.userId, name: inviter.name },
  });
  await logOrganizationEvent(sharedDb(trx), {
    userId: invitee.userId,
    action: 'invitationSent',
    ip: inviter.ip,
    detail: dealer.name,
    dealerId: dealer.id,
    operatorId: inviter.userId,
  });
  return id;
}

/** The pending invitations of the signed-in account. */
export const invitationsOf = (db: Kysely<OrgDB>, userId: string) => repo.pendingInvitationsOf(db, userId);

/** The account accepts: it becomes a member with the invited roles (and the admin of a new dealer). */
export async function acceptInvitation(db: Kysely<OrgDB>, user: { userId: string; ip: string }, invitationId: string) {
  return db.transaction().execute(async (trx) => {
    const invitation = await repo.pendingInvitationForUpdate(trx, user.userId, invitationId);
    if (!invitation) fail(ErrorCode.INVITATION_GONE);
    const roleIds = await repo.invitationRoleIds(trx, invitation);
    if (roleIds.length === 0) fail(ErrorCode.INVITATION_GONE);
    await repo.joinFromInvitation(trx, invitation, roleIds);
    await repo.answerInvitation(trx, invitation, 'accepted');
    const account = await trx
      .selectFrom('users')
      .select('user_name')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    await logAccount(sharedDb(trx), {
      userId: user.userId,
      userName: account.user_name,
      action: 'memberAdded',
      ip: user.ip,
      detail: invitation.dealer_name,
      dealerId: invitation.dealer_id,
      operator: invitation.invited_by ? { userId: invitation.invited_by, name: invitation.invited_by_name } : null,
    });
    return { dealersId: invitation.dealer_id, dealersName: invitation.dealer_name, level: invitation.dealer_level };
  });
}

/** The account declines; the company sees the refusal in its account log. */
export async function declineInvitation(
  db: Kysely<OrgDB>,
  user: { userId: string; ip: string },
  invitationId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const invitation = await repo.pendingInvitationForUpdate(trx, user.userId, invitationId);
    if (!invitation) fail(ErrorCode.INVITATION_GONE);
    await repo.answerInvitation(trx, invitation, 'declined');
    const account = await trx
      .selectFrom('users')
      .select('user_name')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    await logAccount(sharedDb(trx), {
      userId: user.userId,
      userName: account.user_name,
      action: 'invitationDeclined',
      ip: user.ip,
      detail: invitation.dealer_name,
      dealerId: invitation.dealer_id,
    });
  });
}
