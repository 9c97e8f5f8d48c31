import { ErrorCode } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { hashPasswordDigest, md5Hex } from '../../auth/password.ts';
import type { DB, Identity } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import type { ScopedContext } from '../../http/call-route.ts';
import { logAccount, setPassword } from '../auth/index.ts';
import { releaseCustomerDevices } from '../device-writer/index.ts';

/**
 * Administrator operations shared by the account-like people records (customers, PDA users,
 * engineers): lock, unlock, password reset, the duplicate-name check. The caller has already
 * found the record in its scope.
 */

/** An account found in scope: its id and login name. */
export interface ScopedAccount {
  userId: string;
  userName: string;
}

/** Who acts, for the account log: the signed-in administrator, where and from which IP. */
export interface Actor {
  userId: string;
  name: string;
  dealerId: string;
  ip: string;
}

/** The administrator making a scoped call. */
export async function actorOf(db: Kysely<DB>, ctx: ScopedContext): Promise<Actor> {
  const user = await db
    .selectFrom('users')
    .select(['user_name', 'real_name'])
    .where('id', '=', ctx.actor.userId)
    .executeTakeFirst();
  return {
    userId: ctx.actor.userId,
    name: user?.real_name || user?.user_name || '',
    dealerId: ctx.scope.dealerId,
    ip: ctx.ip,
  };
}

const logByActor = (
  db: Kysely<DB>,
  account: ScopedAccount,
  actor: Actor,
  action: 'lock' | 'unlock' | 'passwordReset',
  detail: string,
) =>
  logAccount(db, {
    userId: account.userId,
    userName: account.userName,
    action,
    ip: actor.ip,
    detail,
    dealerId: actor.dealerId,
    operator: { userId: actor.userId, name: actor.name },
  });

/** Locks until unlocked and ends the account's live session. */
export async function lockAccount(db: Kysely<DB>, account: ScopedAccount, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ admin_locked_at: sql`coalesce(admin_locked_at, now())` })
      .where('id', '=', account.userId)
      .execute();
    await trx
      .updateTable('sessions')
      .set({ ended_at: sql`now()`, end_reason: 'locked' })
      .where('user_id', '=', account.userId)
      .where('ended_at', 'is', null)
      .execute();
    await logByActor(trx, account, actor, 'lock', 'by administrator');
  });
}

/** Lifts the administrator's lock and forgets the account's wrong passwords. */
export async function unlockAccount(db: Kysely<DB>, account: ScopedAccount, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ admin_locked_at: null }).where('id', '=', account.userId).execute();
    await trx.deleteFrom('login_failures').where('user_id', '=', account.userId).execute();
    await logByActor(trx, account, actor, 'unlock', 'by administrator');
  });
}

/** Sets the password the administrator typed; the account's live session ends; both accounts' logs record it. */
export async function resetAccountPassword(
  db: Kysely<DB>,
  account: ScopedAccount,
  password: string,
  actor: Actor,
): Promise<void> {
  await setPassword(db, [account.userId], await hashTypedPassword(password), null);
  await logByActor(db, account, actor, 'passwordReset', 'by administrator');
  await logResetGiven(db, actor, actor.dealerId, account.userName);
}

/** The 'passwordResetGiven' entry in the log of the account that set someone else's password. */
export async function logResetGiven(
  db: Kysely<DB>,
  actor: { userId: string; ip: string },
  dealerId: string,
  detail: string,
): Promise<void> {
  const operator = await db.selectFrom('users').select('user_name').where('id', '=', actor.userId).executeTakeFirst();
  await logAccount(db, {
    userId: actor.userId,
    userName: operator?.user_name ?? '',
    action: 'passwordResetGiven',
    ip: actor.ip,
    detail,
    dealerId,
  });
}

/**
 * Refuses a login name already used by another account of the identity. Runs inside the
 * transaction that writes the name, under a lock on that name, so two requests cannot both pass.
 */
export async function refuseTakenName(
  trx: Kysely<DB>,
  identity: Identity,
  userName: string,
  exceptUserId: string | null,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`account:${identity}:${userName}`}))`.execute(trx);
  let query = trx.selectFrom('users').select('id').where('identity', '=', identity).where('user_name', '=', userName);
  if (exceptUserId !== null) query = query.where('id', '!=', exceptUserId);
  if (await query.executeTakeFirst()) fail(identity === 'pda' ? ErrorCode.USER_NAME_EXISTS : ErrorCode.PHONE_EXISTS);
}

/** The stored form of a password the administrator typed; computed before a transaction opens (it is slow on purpose). */
export const hashTypedPassword = (password: string): Promise<string> => hashPasswordDigest(md5Hex(password));

/** Creates the users row of a managed account. */
export async function insertAccount(
  trx: Kysely<DB>,
  account: {
    identity: Identity;
    userName: string;
    realName: string;
    email: string;
    img?: string;
    passwordHash: string;
  },
): Promise<string> {
  const row = await trx
    .insertInto('users')
    .values({
      user_name: account.userName,
      real_name: account.realName,
      email: account.email,
      img: account.img ?? '',
      identity: account.identity,
      password_hash: account.passwordHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes the account (its record row goes with it; log rows keep the name); a customer's devices are taken back first, in their operation logs. */
export async function deleteAccount(db: Kysely<DB>, account: ScopedAccount, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await releaseCustomerDevices(trx, account.userId, { operator: actor, action: 'allocateCustomer' });
    await trx.deleteFrom('users').where('id', '=', account.userId).execute();
  });
}
