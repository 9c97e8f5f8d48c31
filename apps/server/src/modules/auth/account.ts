import { ErrorCode, type Locale } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { hashPasswordDigest, md5Hex, verifyPasswordDigest } from '../../auth/password.ts';
import { endSession, widenSession, type ActiveSession } from '../../auth/session-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail, failOnField } from '../../http/app-error.ts';
import { assertIssuedUpload } from '../uploads/index.ts';
import { findAccountById, findAccountsByName, logAccount, setPassword, updateProfile } from './repo.ts';

/** Password change of the signed-in account; also lifts the forced-change restriction. */
export async function changePassword(
  db: Kysely<DB>,
  session: ActiveSession,
  oldDigest: string,
  newPassword: string,
  ip: string,
  locale: Locale,
): Promise<void> {
  const account = await findAccountById(db, session.userId);
  if (!account) fail(ErrorCode.SESSION_EXPIRED);
  if (!(await verifyPasswordDigest(oldDigest, account.password_hash)))
    failOnField(ErrorCode.OLD_PASSWORD_WRONG, 'oldPassword', locale);
  // The current password is proven to be oldDigest's: the same digest is the same password.
  const newDigest = md5Hex(newPassword);
  if (newDigest === oldDigest.toLowerCase()) failOnField(ErrorCode.NEW_PASSWORD_IS_CURRENT, 'password', locale);
  await setPassword(db, [account.id], await hashPasswordDigest(newDigest), session.tokenHash);
  await widenSession(db, session.tokenHash);
  await logAccount(db, { userId: account.id, userName: account.user_name, action: 'passwordChange', ip });
}

/** New password for every account of this type on a phone proven by an SMS code. */
export async function resetPassword(
  db: Kysely<DB>,
  phone: string,
  userType: 'dealer' | 'user',
  newPassword: string,
  ip: string,
): Promise<void> {
  const accounts = (await findAccountsByName(db, phone)).filter((account) => account.identity === userType);
  // Reached only when the account was disabled after its code was sent: answered like a bad code.
  if (accounts.length === 0) fail(ErrorCode.CODE_INVALID);
  await setPassword(
    db,
    accounts.map((account) => account.id),
    await hashPasswordDigest(md5Hex(newPassword)),
    null,
  );
  for (const account of accounts)
    await logAccount(db, {
      userId: account.id,
      userName: account.user_name,
      action: 'passwordReset',
      ip,
      detail: 'SMS code',
    });
}

/** The signed-in account's profile as the contract answers it. */
export async function personalInfo(db: Kysely<DB>, userId: string) {
  const account = await findAccountById(db, userId);
  if (!account) fail(ErrorCode.SESSION_EXPIRED);
  return {
    userId: account.id,
    userName: account.user_name,
    realName: account.real_name,
    email: account.email,
    img: account.img,
  };
}

export async function changePersonalInfo(
  db: Kysely<DB>,
  userId: string,
  profile: { realName: string; email: string; img: string },
) {
  await assertIssuedUpload(db, { userId, dealerId: null }, profile.img, {
    current: (await findAccountById(db, userId))?.img,
  });
  await updateProfile(db, userId, profile);
  return personalInfo(db, userId);
}

/** Ends the current session and records the sign-out. */
export async function signOut(db: Kysely<DB>, session: ActiveSession, ip: string): Promise<void> {
  await endSession(db, session.tokenHash, 'logout');
  const account = await findAccountById(db, session.userId);
  await logAccount(db, { userId: session.userId, userName: account?.user_name ?? '', action: 'signOut', ip });
}
