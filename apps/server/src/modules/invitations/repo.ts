import type { InvitationItem, RoleLabel } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { companyOpen, isIdText } from '../../auth/permission-repo.ts';
import type { OrgDB, ScopedDealer } from '../dealers/index.ts';

/**
 * Invitation queries (Kysely only). Company-side functions take a dealer already found in the
 * caller's scope; account-side functions take the signed-in account's id and see only its rows.
 */

/** SQL: the invitation under alias `i` waits for an answer and has not expired. */
const PENDING = sql<boolean>`(i.answered_at is null and i.expires_at > now())`;

/** Drops an expired, unanswered invitation of the account to the dealer, so that a new one can be sent. */
export async function clearExpiredInvitation(db: Kysely<OrgDB>, dealer: ScopedDealer, userId: string): Promise<void> {
  await db
    .deleteFrom('invitations')
    .where('dealer_id', '=', dealer.id)
    .where('user_id', '=', userId)
    .where('answered_at', 'is', null)
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}

/** Whether an invitation of the account to the dealer is pending. */
export async function hasPendingInvitation(
  db: Kysely<OrgDB>,
  dealer: Pick<ScopedDealer, 'id'>,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('invitations as i')
    .select('i.id')
    .where('i.dealer_id', '=', dealer.id)
    .where('i.user_id', '=', userId)
    .where(PENDING)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewInvitation {
  userId: string;
  roleIds: readonly string[];
  jurisdiction: string;
  asAdmin: boolean;
  invitedBy: { userId: string; name: string };
}

/** Invites an account into a dealer found in scope, with roles already checked as assignable. */
export async function insertInvitation(
  db: Kysely<OrgDB>,
  dealer: ScopedDealer,
  invitation: NewInvitation,
): Promise<string> {
  const row = await db
    .insertInto('invitations')
    .values({
      dealer_id: dealer.id,
      user_id: invitation.userId,
      jurisdiction: invitation.jurisdiction,
      as_admin: invitation.asAdmin,
      invited_by: invitation.invitedBy.userId,
      invited_by_name: invitation.invitedBy.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('invitation_roles')
    .values(invitation.roleIds.map((role_id) => ({ invitation_id: row.id, role_id })))
    .execute();
  return row.id;
}

/** The account's pending invitations, newest first. */
export async function pendingInvitationsOf(db: Kysely<OrgDB>, userId: string): Promise<InvitationItem[]> {
  const rows = await db
    .selectFrom('invitations as i')
    .innerJoin('dealers as d', 'd.id', 'i.dealer_id')
    .select([
      'i.id',
      'd.id as dealer_id',
      'd.name',
      'd.level',
      'i.as_admin',
      'i.invited_by_name',
      'i.created_at',
      'i.expires_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('invitation_roles as ir')
        .innerJoin('roles as r', 'r.id', 'ir.role_id')
        .select(
          sql<
            RoleLabel[]
          >`coalesce(json_agg(json_build_object('roleName', r.name, 'builtin', r.builtin) order by r.id), '[]')`.as(
            'names',
          ),
        )
        .whereRef('ir.invitation_id', '=', 'i.id')
        .as('role_names'),
    )
    .where('i.user_id', '=', userId)
    .where(PENDING)
    .where(companyOpen('d.path'))
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
  return rows.map((row) => ({
    invitationId: row.id,
    dealersId: row.dealer_id,
    dealersName: row.name,
    level: row.level,
    roles: row.role_names ?? [],
    asAdmin: row.as_admin,
    invitedBy: row.invited_by_name,
    createTime: new Date(row.created_at).toISOString(),
    expireTime: new Date(row.expires_at).toISOString(),
  }));
}

/** A pending invitation of this account (locked until the transaction ends); undefined for anyone else's, answered or expired. */
export async function pendingInvitationForUpdate(db: Kysely<OrgDB>, userId: string, invitationId: string) {
  if (!isIdText(invitationId)) return undefined;
  return db
    .selectFrom('invitations as i')
    .innerJoin('dealers as d', 'd.id', 'i.dealer_id')
    .select([
      'i.id',
      'i.user_id',
      'i.dealer_id',
      'i.jurisdiction',
      'i.as_admin',
      'i.invited_by',
      'i.invited_by_name',
      'd.name as dealer_name',
      'd.level as dealer_level',
    ])
    .where('i.id', '=', invitationId)
    .where('i.user_id', '=', userId)
    .where(companyOpen('d.path'))
    .where(PENDING)
    .forUpdate('i')
    .executeTakeFirst();
}

export type PendingInvitation = NonNullable<Awaited<ReturnType<typeof pendingInvitationForUpdate>>>;

/** The roles of the invitation that still exist. */
export async function invitationRoleIds(db: Kysely<OrgDB>, invitation: PendingInvitation): Promise<string[]> {
  const rows = await db
    .selectFrom('invitation_roles')
    .select('role_id')
    .where('invitation_id', '=', invitation.id)
    .execute();
  return rows.map((row) => row.role_id);
}

export async function answerInvitation(
  db: Kysely<OrgDB>,
  invitation: PendingInvitation,
  answer: 'accepted' | 'declined',
): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ answered_at: sql<Date>`now()` as never, answer })
    .where('id', '=', invitation.id)
    .execute();
}

/** Makes the invited account a member (unless it is one already) and, for an admin invitation, the dealer's admin when it has none. */
export async function joinFromInvitation(
  db: Kysely<OrgDB>,
  invitation: PendingInvitation,
  roleIds: readonly string[],
): Promise<void> {
  const existing = await db
    .selectFrom('members')
    .select('id')
    .where('dealer_id', '=', invitation.dealer_id)
    .where('user_id', '=', invitation.user_id)
    .executeTakeFirst();
  if (!existing) {
    const member = await db
      .insertInto('members')
      .values({ dealer_id: invitation.dealer_id, user_id: invitation.user_id, jurisdiction: invitation.jurisdiction })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('member_roles')
      .values(roleIds.map((role_id) => ({ member_id: member.id, role_id })))
      .execute();
  }
  if (invitation.as_admin) {
    await db
      .updateTable('dealers')
      .set({ admin_user_id: invitation.user_id })
      .where('id', '=', invitation.dealer_id)
      .where('admin_user_id', 'is', null)
      .execute();
  }
}
