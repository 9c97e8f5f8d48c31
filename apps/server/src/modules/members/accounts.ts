import type { Kysely } from 'kysely';
import { hashPasswordDigest, md5Hex } from '../../auth/password.ts';
import type { DB } from '../../db/schema.ts';
import { randomPassword } from './random-password.ts';

/** The (first) dealer-identity account with this phone as its login, if any. */
export async function dealerAccountByPhone(db: Kysely<DB>, phone: string) {
  return db
    .selectFrom('users')
    .select(['id', 'real_name', 'email', 'img'])
    .where('user_name', '=', phone)
    .where('identity', '=', 'dealer')
    .orderBy('id')
    .executeTakeFirst();
}

/** Creates a dealer account with a random password; answers the id and the password (shown once). */
export async function createDealerAccount(
  db: Kysely<DB>,
  input: { phone: string; realName: string; email?: string; img?: string },
): Promise<{ id: string; password: string }> {
  const password = randomPassword();
  const row = await db
    .insertInto('users')
    .values({
      user_name: input.phone,
      real_name: input.realName,
      email: input.email ?? '',
      img: input.img ?? '',
      identity: 'dealer',
      password_hash: await hashPasswordDigest(md5Hex(password)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, password };
}

/** A new random password and its stored form; made before a transaction opens (hashing is slow on purpose). */
export async function newRandomPassword(): Promise<{ password: string; hash: string }> {
  const password = randomPassword();
  return { password, hash: await hashPasswordDigest(md5Hex(password)) };
}
