import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * A company's free MAC addresses: rows that name no device, so adding or deleting them changes no
 * device and is not logged on one (allocation is: device-bindings.ts moveDeviceMac).
 */

export async function insertFreeMacs(
  trx: Transaction<DB>,
  ownerDealerId: string,
  macs: readonly string[],
): Promise<number> {
  const rows = await trx
    .insertInto('device_macs')
    .values(macs.map((mac) => ({ mac, owner_dealer_id: ownerDealerId })))
    .returning('id')
    .execute();
  return rows.length;
}

/** Deletes a MAC found in the caller's scope if it is still undistributed (no device); false otherwise. */
export async function deleteFreeMac(trx: Transaction<DB>, macId: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('device_macs')
    .where('id', '=', macId)
    .where('state', '=', 'undistributed')
    .where('device_id', 'is', null)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
