import { sql, type Kysely } from 'kysely';
import { hashPasswordDigest, md5Hex, newToken, sha256Hex } from '../apps/server/src/auth/password.ts';
import type { DB } from '../apps/server/src/db/schema.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo.ts';

export const BENCH_USERS = 1000;
export const BENCH_NOTICES = 200;

/** Bench accounts: 1000 dealer accounts (phones 1350000xxxx) each with a live session, 200 notices, some read. */
export async function seedVolume(db: Kysely<DB>): Promise<string[]> {
  // One hash for all: hashing 1000 passwords would take a minute and measure nothing.
  const passwordHash = await hashPasswordDigest(md5Hex(DEMO_PASSWORD));
  const phones = Array.from({ length: BENCH_USERS }, (_, index) => `1350000${String(index).padStart(4, '0')}`);
  const users = await db
    .insertInto('users')
    .values(
      phones.map((phone, index) => ({
        user_name: phone,
        real_name: `Bench user ${index}`,
        identity: 'dealer' as const,
        password_hash: passwordHash,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('sessions')
    .values(users.map((user) => ({ token_hash: sha256Hex(newToken()), user_id: user.id, scope: 'full' as const })))
    .execute();
  const body =
    'Routine notice for the bench: the platform keeps devices, projects and dealers in one place; read the details in the console.';
  await db
    .insertInto('notices')
    .values(
      Array.from({ length: BENCH_NOTICES }, (_, index) => ({
        title: `Bench_notice_${index}`,
        body,
        created_at: sql<Date>`now() - make_interval(mins => ${index})` as never,
      })),
    )
    .execute();
  // Every account has read a tenth of the notices.
  await sql`
    insert into notice_reads (notice_id, user_id)
    select n.id, u.id from notices n cross join users u
    where u.user_name like '1350000%' and n.id % 10 = u.id % 10`.execute(db);
  return phones;
}
