import { randomInt } from 'node:crypto';
import { ALL_BUTTON_IDS, isPassword, PLATFORM_LEVEL } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { insertDealer, insertMember, insertRole, insertUser } from './people.ts';

/** What the first start of a database without a platform operator did. */
export type OperatorBootstrap =
  | { kind: 'present' }
  | { kind: 'noPhone' }
  | { kind: 'phoneTaken'; phone: string }
  | { kind: 'created'; phone: string; password: string };

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random 16-character password that meets the password rule (letters and digits, no look-alikes). */
export function oneTimePassword(): string {
  for (;;) {
    const password = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (isPassword(password)) return password;
  }
}

/**
 * Makes sure the level-0 company exists and has an operator. On a database where no account is a
 * member of the level-0 company (the first start of a production database, without demo data),
 * creates that company when missing, a role with every button, and the operator account of
 * OPERATOR_PHONE with a one-time password that must be changed at its first sign-in. Several
 * servers starting together create it once (advisory lock).
 */
export async function ensurePlatformOperator(db: Kysely<DB>, phone: string | null): Promise<OperatorBootstrap> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('dcc:platform-operator'))`.execute(trx);
    const platform =
      (
        await trx
          .selectFrom('dealers')
          .select('id')
          .where('level', '=', PLATFORM_LEVEL)
          .orderBy('id')
          .executeTakeFirst()
      )?.id ??
      (await insertDealer(trx, {
        name: 'Platform',
        code: 'PLATFORM',
        level: PLATFORM_LEVEL,
        parentId: null,
        area: '',
      }));
    const member = await trx.selectFrom('members').select('id').where('dealer_id', '=', platform).executeTakeFirst();
    if (member) return { kind: 'present' };
    if (!phone) return { kind: 'noPhone' };
    // An existing account is not made the operator without its owner's say (issue 8, item 2).
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', phone)
      .where('identity', '=', 'dealer')
      .executeTakeFirst();
    if (taken) return { kind: 'phoneTaken', phone };
    const role = await insertRole(trx, {
      dealerId: platform,
      name: 'Platform operator',
      buttons: ALL_BUTTON_IDS,
      viewLevelMax: 5,
    });
    const password = oneTimePassword();
    const userId = await insertUser(trx, {
      userName: phone,
      realName: 'Platform operator',
      identity: 'dealer',
      password,
    });
    await trx.updateTable('users').set({ password_change_required: true }).where('id', '=', userId).execute();
    await insertMember(trx, { dealerId: platform, userId, roleIds: [role] });
    return { kind: 'created', phone, password };
  });
}

/** The banner that shows the one-time password once, on its own lines, outside the JSON log. */
export function oneTimePasswordBanner(phone: string, password: string): string {
  const rule = '='.repeat(72);
  return [
    rule,
    'FIRST START: the platform operator account was created.',
    `  phone (account):    ${phone}`,
    `  one-time password:  ${password}`,
    'It is shown this once and never again; the first sign-in must change it.',
    rule,
    '',
  ].join('\n');
}
