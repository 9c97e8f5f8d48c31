import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { selectionInScope } from './selection.ts';

/** Deletes the selected devices of the scope, all or none; answers how many and their IoT codes (their connections are dropped with 521). */
export async function deleteSelection(db: Kysely<DB>, scope: DealerScope, deviceIds: readonly string[]): Promise<{ deleted: number; deviceCodes: string[] }> {
  return db.transaction().execute(async (trx) => {
    const devices = await selectionInScope(trx, scope, deviceIds);
    await trx.deleteFrom('devices').where('id', 'in', devices.map((device) => device.id)).execute();
    return { deleted: devices.length, deviceCodes: devices.map((device) => device.deviceCode) };
  });
}
