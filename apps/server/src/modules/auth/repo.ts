import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AccountAction, DB, Identity } from '../../db/schema.ts';

/** An account as sign-in sees it. */
export interface AccountRow {
  id: string;
  user_name: string;
  real_name: string;
  img: string;
  email: string;
  identity: Identity;
  password_hash: string;
  /** Locked by an administrator (a lock by wrong passwords holds one address only: lockedForAddress). */
  locked: boolean;
  /** The password must be changed: older than password_max_age_days (0 disables that rule), or set to change (one-time password). */
  password_due: boolean;
}

const LOCK_WINDOW_MINUTES = 15;
const LOCK_AFTER_FAILURES = 5;

/** Enabled accounts with this login name. */
export function findAccountsByName(db: Kysely<DB>, userName: string): Promise<AccountRow[]> {
  return selectAccounts(db, sql`u.user_name = ${userName}`);
}

/** One enabled account by id. */
export async function findAccountById(db: Kysely<DB>, userId: string): Promise<AccountRow | undefined> {
  return (await selectAccounts(db, sql`u.id = ${userId}`))[0];
}

async function selectAccounts(db: Kysely<DB>, condition: RawBuilder<unknown>): Promise<AccountRow[]> {
  const result = await sql<AccountRow>`
    select u.id, u.user_name, u.real_name, u.img, u.email, u.identity, u.password_hash,
      u.admin_locked_at is not null as locked,
      ${passwordDue()} as password_due
    from users u
    where ${condition} and u.enabled
    order by u.id`.execute(db);
  return result.rows;
}

function passwordDue() {
  return sql<boolean>`(u.password_change_required or ((select coalesce(max(value::int), 90) from settings where key = 'password_max_age_days') > 0
      and u.password_changed_at < now() - make_interval(days => (select coalesce(max(value::int), 90) from settings where key = 'password_max_age_days'))))`;
}

/** Records a wrong password; locks the account when it is the fifth in 15 minutes. Answers whether it locked. */
/**
 * The accounts among `userIds` that `ip` may not try now: five wrong passwords from one address within
 * 15 minutes lock the account for that address, for 15 minutes after the fifth. Other addresses (the
 * owner's) are not affected (docs/SECURITY.md, "A limit a stranger can trip never locks out the owner").
 */
export async function lockedForAddress(db: Kysely<DB>, userIds: readonly string[], ip: string): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const locked = await sql<{ user_id: string }>`
    select f.user_id from login_failures f
    join (select user_id, max(at) as latest from login_failures where user_id in (${sql.join(userIds)}) and ip = ${ip} group by user_id) l on l.user_id = f.user_id
    where f.ip = ${ip} and l.latest > now() - make_interval(mins => ${LOCK_WINDOW_MINUTES}) and f.at >= l.latest - make_interval(mins => ${LOCK_WINDOW_MINUTES})
    group by f.user_id having count(*) >= ${LOCK_AFTER_FAILURES}`.execute(db);
  return new Set(locked.rows.map((row) => String(row.user_id)));
}

/**
 * Records a wrong password from `ip`; answers whether it locked the account for that address. Wrong
 * passwords older than two lock windows go first, for every account: a stranger's tries at accounts
 * nobody signs in to again would otherwise stay for ever.
 */
export async function recordFailure(db: Kysely<DB>, userId: string, ip: string): Promise<boolean> {
  await db
    .deleteFrom('login_failures')
    .where('at', '<', sql<Date>`now() - make_interval(mins => ${2 * LOCK_WINDOW_MINUTES})`)
    .execute();
  await db.insertInto('login_failures').values({ user_id: userId, ip }).execute();
  return (await lockedForAddress(db, [userId], ip)).has(userId);
}

/** A right password from `ip` forgets that address's wrong ones. */
export async function clearFailures(db: Kysely<DB>, userId: string, ip: string): Promise<void> {
  await db.deleteFrom('login_failures').where('user_id', '=', userId).where('ip', '=', ip).execute();
}

/** Names of the companies of each account, for the account chooser. */
export async function companyNamesByUser(db: Kysely<DB>, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return names;
  const rows = await db
    .selectFrom('members as m')
    .innerJoin('dealers as d', 'd.id', 'm.dealer_id')
    .select(['m.user_id', 'd.name'])
    .where('m.user_id', 'in', userIds)
    .orderBy('d.level')
    .orderBy('d.name')
    .execute();
  for (const row of rows) names.get(row.user_id)?.push(row.name);
  return names;
}

/** Stores a single-use access key hash bound to some accounts, valid 5 minutes. */
export async function saveAccessKey(db: Kysely<DB>, keyHash: string, userIds: readonly string[]): Promise<void> {
  await db
    .insertInto('access_keys')
    .values({ key_hash: keyHash, user_ids: [...userIds], expires_at: sql<Date>`now() + interval '5 minutes'` as never })
    .execute();
}

/** Uses an access key for one of its accounts; answers false when it is unknown, used, expired or not for this account. */
export async function consumeAccessKey(db: Kysely<DB>, keyHash: string, userId: string): Promise<boolean> {
  const used = await sql<{ key_hash: string }>`
    update access_keys set used_at = now()
    where key_hash = ${keyHash} and used_at is null and expires_at > now() and ${userId}::bigint = any (user_ids)
    returning key_hash`.execute(db);
  return used.rows.length > 0;
}

export interface AccountLogInput {
  /** The account the entry is about. */
  userId: string | null;
  userName: string;
  action: AccountAction;
  ip: string;
  detail?: string;
  /** The company where an administrative action happened (member added or removed, role changed, lock by an administrator). */
  dealerId?: string | null;
  /** Who acted, when not the account itself. */
  operator?: { userId: string; name: string } | null;
}

/** Appends to the account log (sign-in, sign-out, failures, locks, password changes, member and role changes). */
export async function logAccount(db: Kysely<DB>, entry: AccountLogInput): Promise<void> {
  await db
    .insertInto('account_log')
    .values({
      user_id: entry.userId,
      user_name: entry.userName,
      action: entry.action,
      ip: entry.ip,
      detail: entry.detail ?? '',
      dealer_id: entry.dealerId ?? null,
      operator_id: entry.operator?.userId ?? null,
      operator_name: entry.operator?.name ?? '',
    })
    .execute();
}

/** Stores a new password hash for accounts, clears their lock, and ends their live sessions except one. */
export async function setPassword(
  db: Kysely<DB>,
  userIds: readonly string[],
  passwordHash: string,
  keepSession: string | null,
): Promise<void> {
  if (userIds.length === 0) return;
  await db.transaction().execute((trx) => writePassword(trx, userIds, passwordHash, keepSession));
}

/**
 * setPassword inside the caller's transaction. A password the account chose itself also lifts a
 * forced change; one set by someone else (`keepChangeRequired`) leaves that flag as it is.
 */
export async function writePassword(
  trx: Kysely<DB>,
  userIds: readonly string[],
  passwordHash: string,
  keepSession: string | null,
  options: { keepChangeRequired?: boolean } = {},
): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      password_changed_at: sql`now()`,
      ...(options.keepChangeRequired ? {} : { password_change_required: false }),
    })
    .where('id', 'in', userIds)
    .execute();
  await trx.deleteFrom('login_failures').where('user_id', 'in', userIds).execute();
  let sessions = trx
    .updateTable('sessions')
    .set({ ended_at: sql`now()`, end_reason: 'passwordChanged' })
    .where('user_id', 'in', userIds)
    .where('ended_at', 'is', null);
  if (keepSession) sessions = sessions.where('token_hash', '!=', keepSession);
  await sessions.execute();
}

/** Updates name, email and avatar of an account. */
export async function updateProfile(
  db: Kysely<DB>,
  userId: string,
  profile: { realName: string; email: string; img: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ real_name: profile.realName, email: profile.email, img: profile.img })
    .where('id', '=', userId)
    .execute();
}
