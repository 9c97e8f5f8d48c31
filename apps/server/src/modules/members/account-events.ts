import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { logAccount } from '../auth/index.ts';

export type OrganizationAction =
  'memberAdded' | 'memberRemoved' | 'roleChanged' | 'invitationSent' | 'passwordReset' | 'passwordResetGiven';

/** Appends an organization change to the account log: the account concerned, what, where, by whom, from which IP. */
export async function logOrganizationEvent(
  db: Kysely<DB>,
  entry: {
    userId: string;
    action: OrganizationAction;
    ip: string;
    detail: string;
    dealerId: string;
    operatorId: string;
  },
): Promise<void> {
  const people = await db
    .selectFrom('users')
    .select(['id', 'user_name', 'real_name'])
    .where('id', 'in', [entry.userId, entry.operatorId])
    .execute();
  const user = people.find((row) => row.id === entry.userId);
  const operator = people.find((row) => row.id === entry.operatorId);
  await logAccount(db, {
    userId: entry.userId,
    userName: user?.user_name ?? '',
    action: entry.action,
    ip: entry.ip,
    detail: entry.detail,
    dealerId: entry.dealerId,
    operator: { userId: entry.operatorId, name: displayName(operator) },
  });
}

/** How the log and invitations name an account: its real name, else its login. */
export const displayName = (user: { real_name: string; user_name: string } | undefined): string =>
  user?.real_name || user?.user_name || '';

/** The display name of an account ('' when it is gone). */
export async function accountDisplayName(db: Kysely<DB>, userId: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['user_name', 'real_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return displayName(user);
}
