import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** How many devices the dealer owns itself. */
export async function ownedDeviceCount(db: Kysely<DB>, dealerId: string): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('dealer_id', '=', dealerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
