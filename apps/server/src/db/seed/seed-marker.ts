import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

/**
 * Records that a seed step ran, inside the caller's transaction; answers false when it had run
 * before, so that demo data is inserted once even when several servers start together.
 */
export async function claimSeedMarker(trx: Kysely<DB>, marker: string): Promise<boolean> {
  const row = await trx
    .insertInto('settings')
    .values({ key: marker, value: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}
