import type { Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { foundOrFail } from '../catalog/found.ts';
import { ownerInSubtree } from '../managed-accounts/scope.ts';

/** What the command rules read of a device of the caller's scope. */
export interface CommandTarget {
  deviceId: string;
  deviceCode: string;
  locked: boolean;
  /** Whether its MQTT connection is up (migration 019). */
  connected: boolean;
  activated: boolean;
}

/** The device of the scope to command; NOT_FOUND for a missing or foreign id alike. */
export async function commandTarget(db: Kysely<DB>, scope: DealerScope, deviceId: string): Promise<CommandTarget> {
  const row = isIdText(deviceId)
    ? await db
        .selectFrom('devices as dv')
        .innerJoin('dealers as od', 'od.id', 'dv.dealer_id')
        .where(ownerInSubtree(scope, 'od'))
        .where('dv.id', '=', deviceId)
        .select(['dv.id', 'dv.device_code', 'dv.locked', 'dv.connected', 'dv.activated_at'])
        .executeTakeFirst()
    : undefined;
  const found = await foundOrFail(Promise.resolve(row));
  return { deviceId: found.id, deviceCode: found.device_code, locked: found.locked, connected: found.connected, activated: found.activated_at !== null };
}
