import { randomInt } from 'node:crypto';
import { ErrorCode } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { sha256Hex } from '../../auth/password.ts';
import { SMS_CODE_VALID_MINUTES, type SmsSender } from '../../auth/sms-sender.ts';
import type { DB, SmsPurpose } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';

export const RESEND_AFTER_SECONDS = 120;
const MAX_TRIES = 5;

type UserType = 'dealer' | 'user';

const codeHash = (phone: string, purpose: SmsPurpose, code: string) => sha256Hex(`${phone}:${purpose}:${code}`);

/**
 * Sends a 6-digit code to a phone that has an account of this type: one per 120 s per phone. A phone
 * without such an account gets the same answer and the same 120 s rule (an unusable code row is
 * stored), but no message, so the call does not tell whether the phone has an account.
 */
export async function sendCode(db: Kysely<DB>, sms: SmsSender, phone: string, purpose: SmsPurpose, userType: UserType): Promise<void> {
  const account = await db.selectFrom('users').select('id').where('user_name', '=', phone).where('identity', '=', userType).where('enabled', '=', true).executeTakeFirst();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // No sha256 hex is empty: a code row for a phone without an account can never be used.
  const storedHash = account ? codeHash(phone, purpose, code) : '';
  const issued = await db.transaction().execute(async (trx) => {
    // Serializes requests for one phone, so that two at once cannot both pass the 120 s rule.
    await sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`.execute(trx);
    const recent = await sql<{ id: string }>`
      select id from sms_codes where phone = ${phone} and created_at > now() - make_interval(secs => ${RESEND_AFTER_SECONDS}) limit 1`.execute(trx);
    if (recent.rows.length > 0) return false;
    await trx
      .insertInto('sms_codes')
      .values({ phone, purpose, user_type: userType, code_hash: storedHash, expires_at: sql<Date>`now() + make_interval(mins => ${SMS_CODE_VALID_MINUTES})` as never })
      .execute();
    return true;
  });
  if (!issued) fail(ErrorCode.CODE_TOO_FREQUENT);
  if (account) await sms.sendCode(phone, code);
}

/**
 * Checks a code against the newest live one of this phone and purpose. Each attempt uses one
 * of its 5 tries first (atomically), so parallel guesses cannot exceed them; a match uses it up.
 */
export async function useCode(db: Kysely<DB>, phone: string, purpose: SmsPurpose, userType: UserType, code: string): Promise<void> {
  const attempt = await sql<{ id: string; code_hash: string }>`
    update sms_codes set tries = tries + 1
    where id = (
      select id from sms_codes
      where phone = ${phone} and purpose = ${purpose} and user_type = ${userType} and used_at is null and expires_at > now()
      order by created_at desc, id desc limit 1
    ) and tries < ${MAX_TRIES}
    returning id, code_hash`.execute(db);
  const live = attempt.rows[0];
  if (!live || live.code_hash !== codeHash(phone, purpose, code)) fail(ErrorCode.CODE_INVALID);
  const used = await db.updateTable('sms_codes').set({ used_at: sql`now()` }).where('id', '=', live.id).where('used_at', 'is', null).executeTakeFirst();
  if (used.numUpdatedRows === 0n) fail(ErrorCode.CODE_INVALID);
}
