import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Acting } from '../device-writer/index.ts';
import { deleteDevices } from '../device-writer/index.ts';
import { devicesInScope, writtenDevice } from '../devices/index.ts';

/** Deletes the selected devices of the scope, all or none; answers how many, their IoT codes (their connections are dropped with 521) and owners. */
export async function deleteSelection(
  db: Kysely<DB>,
  { scope, operator }: Acting,
  deviceIds: readonly string[],
): Promise<{ deleted: number; deviceCodes: string[]; owners: string[] }> {
  return db.transaction().execute(async (trx) => {
    const devices = await devicesInScope(trx, scope, deviceIds);
    await deleteDevices(trx, devices.map(writtenDevice), { operator, action: 'delete' });
    return {
      deleted: devices.length,
      deviceCodes: devices.map((device) => device.code),
      owners: devices.map((device) => device.dealerId),
    };
  });
}
