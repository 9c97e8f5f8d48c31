import { randomInt } from 'node:crypto';
import { ErrorCode } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { sha256Hex } from '../../auth/password.ts';
import { SMS_CODE_VALID_MINUTES, type SmsSender } from '../../auth/sms-sender.ts';
import type { DB, SmsPurpose } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';

export const RESEND_AFTER_SECONDS = 120;
const MAX_TRIES_PER_ADDRESS = 5;

type UserType = 'dealer' | 'user';

/** How long an expired code (and the wrong guesses at it) is kept, and wrong guesses at no code: past the 120 s rule and the failure budget's minute. */
const KEEP_SPENT_MINUTES = 60;

/**
 * Spent codes go when codes are sent: a code expired over an hour ago (its wrong guesses with it, by
 * cascade), and wrong guesses that matched no code. Without it, a stranger asking codes for made-up
 * phones or guessing at none would grow both tables for ever.
 */
async function purgeSpentCodes(db: Kysely<DB>): Promise<void> {
  const before = sql<Date>`now() - make_interval(mins => ${KEEP_SPENT_MINUTES})`;
  await db.deleteFrom('sms_codes').where('expires_at', '<', before).execute();
  await db.deleteFrom('sms_code_failures').where('code_id', 'is', null).where('at', '<', before).execute();
}

const codeHash = (phone: string, purpose: SmsPurpose, code: string) => sha256Hex(`${phone}:${purpose}:${code}`);

/**
 * Sends a 6-digit code to a phone that has an account of this type: one per 120 s per phone, purpose
 * and account type. A phone without such an account gets the same answer and the same 120 s rule (an
 * unusable code row is stored), but no message, so the call does not tell whether the phone has an
 * account. The rule is per purpose and type so that a stranger asking for another kind of code (one
 * that reaches nobody) cannot keep the owner from getting theirs; a stranger asking for the owner's
 * kind only makes the owner's phone receive a code the owner can use.
 */
export async function sendCode(
  db: Kysely<DB>,
  sms: SmsSender,
  phone: string,
  purpose: SmsPurpose,
  userType: UserType,
): Promise<void> {
  await purgeSpentCodes(db);
  const account = await db
    .selectFrom('users')
    .select('id')
    .where('user_name', '=', phone)
    .where('identity', '=', userType)
    .where('enabled', '=', true)
    .executeTakeFirst();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // No sha256 hex is empty: a code row for a phone without an account can never be used.
  const storedHash = account ? codeHash(phone, purpose, code) : '';
  const issued = await db.transaction().execute(async (trx) => {
    // Serializes requests for one phone, so that two at once cannot both pass the 120 s rule.
    await sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(trx);
    const recent = await sql<{ id: string }>`
      select id from sms_codes where phone = ${phone} and purpose = ${purpose} and user_type = ${userType}
        and created_at > now() - make_interval(secs => ${RESEND_AFTER_SECONDS}) limit 1`.execute(trx);
    if (recent.rows.length > 0) return false;
    await trx
      .insertInto('sms_codes')
      .values({
        phone,
        purpose,
        user_type: userType,
        code_hash: storedHash,
        expires_at: sql<Date>`now() + make_interval(mins => ${SMS_CODE_VALID_MINUTES})` as never,
      })
      .execute();
    return true;
  });
  if (!issued) fail(ErrorCode.CODE_TOO_FREQUENT);
  if (account) await sms.sendCode(phone, code);
}

/**
 * Checks a code against the newest live one of this phone and purpose. Wrong codes count per code and
 * source address: an address has 5 tries at a code (serialized, so parallel guesses cannot exceed
 * them), and a stranger's wrong guesses never use up the owner's tries. A match uses the code up.
 */
export async function useCode(
  db: Kysely<DB>,
  phone: string,
  purpose: SmsPurpose,
  userType: UserType,
  code: string,
  ip: string,
): Promise<void> {
  const matched = await db.transaction().execute(async (trx) => {
    const live = await trx
      .selectFrom('sms_codes')
      .select(['id', 'code_hash'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('user_type', '=', userType)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!live) {
      await trx.insertInto('sms_code_failures').values({ code_id: null, ip }).execute();
      return null;
    }
    await sql`select pg_advisory_xact_lock(hashtext(${`sms-try:${live.id}:${ip}`}))`.execute(trx);
    const tried = await trx
      .selectFrom('sms_code_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('code_id', '=', live.id)
      .where('ip', '=', ip)
      .executeTakeFirstOrThrow();
    if (Number(tried.n) >= MAX_TRIES_PER_ADDRESS) return null;
    if (live.code_hash !== codeHash(phone, purpose, code)) {
      await trx.insertInto('sms_code_failures').values({ code_id: live.id, ip }).execute();
      return null;
    }
    return live.id;
  });
  if (matched === null) fail(ErrorCode.CODE_INVALID);
  const used = await db
    .updateTable('sms_codes')
    .set({ used_at: sql`now()` })
    .where('id', '=', matched)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (used.numUpdatedRows === 0n) fail(ErrorCode.CODE_INVALID);
}
