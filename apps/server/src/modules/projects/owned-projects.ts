import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** A dealer's own projects as a whole, for its delete and hand-over (modules/dealer-holdings). */

/** How many projects the dealer owns itself. */
export async function ownedProjectCount(db: Kysely<DB>, dealerId: string): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('dealer_id', '=', dealerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Gives every project one dealer owns to another, audit state and devices unchanged; answers how many. */
export async function moveOwnedProjects(trx: Transaction<DB>, fromDealerId: string, toDealerId: string) {
  const moved = await trx
    .updateTable('projects')
    .set({ dealer_id: toDealerId, updated_at: new Date() })
    .where('dealer_id', '=', fromDealerId)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}
