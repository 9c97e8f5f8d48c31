import { ErrorCode, type SignInAnswer } from '@dcc/contract';
import type { Kysely } from 'kysely';
import { newToken, sha256Hex, verifyAgainstDummy, verifyPasswordDigest } from '../../auth/password.ts';
import { startSession } from '../../auth/session-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import {
  clearFailures,
  companyNamesByUser,
  consumeAccessKey,
  findAccountById,
  findAccountsByName,
  lockedForAddress,
  logAccount,
  recordFailure,
  saveAccessKey,
  type AccountRow,
} from './repo.ts';

/** The identities that sign in with a password: console staff, customers, PDA handhelds, engineers. */
export type Identity = 'dealer' | 'user' | 'pda' | 'engineer';

const MISMATCH = {
  dealer: ErrorCode.CUSTOMER_IDENTITY,
  user: ErrorCode.MERCHANT_IDENTITY,
  pda: ErrorCode.ACCOUNT_NOT_FOUND,
  engineer: ErrorCode.ACCOUNT_NOT_FOUND,
} as const;

/**
 * Which accounts a sign-in for an identity looks at: staff and customers see each other (to answer
 * 'switch to user login'), PDA and engineer accounts are only ever found by their own sign-in.
 */
const considered = (identity: Identity, account: AccountRow): boolean =>
  identity === 'pda' || identity === 'engineer'
    ? account.identity === identity
    : account.identity === 'dealer' || account.identity === 'user';

/** The accounts whose password is this digest; with no account the check runs against a dummy hash, for the same time. */
async function matching(accounts: readonly AccountRow[], digest: string): Promise<AccountRow[]> {
  if (accounts.length === 0) return verifyAgainstDummy(digest).then(() => []);
  const checks = await Promise.all(accounts.map((account) => verifyPasswordDigest(digest, account.password_hash)));
  return accounts.filter((_, index) => checks[index]);
}

/**
 * Password sign-in for one identity. Until the password is proven, an unknown name, a wrong
 * password and an account locked by wrong passwords get the same answer (SIGN_IN_FAILED) in the
 * same time: the password is always checked, against a dummy hash when there is no account. Only
 * the right password reveals more (the identity to switch to, an administrator's lock, several
 * accounts). Wrong passwords count towards the lock of the account for the caller's address only.
 */
export async function signInWithPassword(
  db: Kysely<DB>,
  name: string,
  digest: string,
  identity: Identity,
  ip: string,
): Promise<SignInAnswer> {
  const accounts = (await findAccountsByName(db, name)).filter((account) => considered(identity, account));
  const wanted = accounts.filter((account) => account.identity === identity);
  const candidates = wanted.length > 0 ? wanted : accounts;
  // An account locked for this address by its wrong passwords takes no guesses from it: its check only keeps the timing.
  const lockedHere = await lockedForAddress(
    db,
    candidates.map((account) => account.id),
    ip,
  );
  const open = candidates.filter((account) => !lockedHere.has(account.id));
  const matched = (await matching(candidates, digest)).filter((account) => !lockedHere.has(account.id));
  if (matched.length === 0) return refuseWrongPassword(db, open, ip);
  if (wanted.length === 0) fail(MISMATCH[identity]);
  const usable = matched.filter((account) => !account.locked);
  if (usable.length === 0) fail(ErrorCode.ACCOUNT_LOCKED);
  // Only the console has an account chooser: elsewhere the oldest matching account signs in.
  return finishOrChoose(db, identity === 'dealer' ? usable : usable.slice(0, 1), ip);
}

async function refuseWrongPassword(db: Kysely<DB>, accounts: readonly AccountRow[], ip: string): Promise<never> {
  for (const account of accounts) {
    const lockedNow = await recordFailure(db, account.id, ip);
    await logAccount(db, {
      userId: account.id,
      userName: account.user_name,
      action: 'signInFailed',
      ip,
      detail: 'wrong password',
    });
    if (lockedNow)
      await logAccount(db, {
        userId: account.id,
        userName: account.user_name,
        action: 'lock',
        ip,
        detail: '5 wrong passwords in 15 minutes from this address',
      });
  }
  fail(ErrorCode.SIGN_IN_FAILED);
}

/** Code sign-in (dealer identity); the code was checked already. */
export async function signInWithProvenPhone(db: Kysely<DB>, phone: string, ip: string): Promise<SignInAnswer> {
  const accounts = (await findAccountsByName(db, phone)).filter((account) => account.identity === 'dealer');
  if (accounts.length === 0) fail(ErrorCode.ACCOUNT_NOT_FOUND);
  const usable = accounts.filter((account) => !account.locked);
  if (usable.length === 0) fail(ErrorCode.ACCOUNT_LOCKED);
  return finishOrChoose(db, usable, ip);
}

/** One account: a session. Several: the list to choose from and a single-use access key. */
async function finishOrChoose(db: Kysely<DB>, accounts: readonly AccountRow[], ip: string): Promise<SignInAnswer> {
  if (accounts.length === 1) return startSignedIn(db, accounts[0]!, ip);
  const accessKey = newToken();
  const ids = accounts.map((account) => account.id);
  await saveAccessKey(db, sha256Hex(accessKey), ids);
  const companies = await companyNamesByUser(db, ids);
  return {
    xtoken: null,
    user: null,
    locked: false,
    needUpdatePwd: false,
    needSelectUser: true,
    accessKey,
    userList: accounts.map((account) => ({
      userId: account.id,
      userName: account.user_name,
      realName: account.real_name,
      companies: companies.get(account.id) ?? [],
    })),
  };
}

/** Finishes sign-in for one of the accounts an access key was issued for. */
export async function signInWithAccessKey(
  db: Kysely<DB>,
  userId: string,
  accessKey: string,
  ip: string,
): Promise<SignInAnswer> {
  if (!/^\d{1,18}$/.test(userId) || !(await consumeAccessKey(db, sha256Hex(accessKey), userId)))
    fail(ErrorCode.ACCESS_KEY_INVALID);
  const account = await findAccountById(db, userId);
  if (!account) fail(ErrorCode.ACCESS_KEY_INVALID);
  if (account.locked) fail(ErrorCode.ACCOUNT_LOCKED);
  return startSignedIn(db, account, ip);
}

/** Starts the session (restricted to the password change when the password is due). */
export async function startSignedIn(db: Kysely<DB>, account: AccountRow, ip: string): Promise<SignInAnswer> {
  const token = await startSession(db, account.id, account.password_due ? 'passwordChange' : 'full', ip);
  await clearFailures(db, account.id, ip);
  await logAccount(db, {
    userId: account.id,
    userName: account.user_name,
    action: 'signIn',
    ip,
    detail: account.password_due ? 'password change due' : '',
  });
  return {
    xtoken: token,
    user: { userId: account.id, realName: account.real_name, userName: account.user_name, img: account.img },
    locked: false,
    needUpdatePwd: account.password_due,
    needSelectUser: false,
    userList: [],
    accessKey: null,
  };
}
