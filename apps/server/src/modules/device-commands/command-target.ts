import type { Kysely } from 'kysely';
import { isIdText, type DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { foundOrFail } from '../catalog/index.ts';
import { ownerInSubtree } from '../managed-accounts/index.ts';
import { gatewayOfConnection } from '../topology/index.ts';

/** What the command rules read of a device of the caller's scope. */
export interface CommandTarget {
  deviceId: string;
  deviceCode: string;
  locked: boolean;
  /** Whether its MQTT connection is up (migration 019); a child online through a gateway also needs the gateway connected. */
  connected: boolean;
  /** The gateway a child is online through: its commands go down on the gateway's topic (docs/device-protocol.md section 17). */
  gatewayCode: string | null;
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
        .select(['dv.id', 'dv.device_code', 'dv.locked', 'dv.connected', 'dv.activated_at', 'dv.connection_id'])
        .executeTakeFirst()
    : undefined;
  const found = await foundOrFail(Promise.resolve(row));
  const gatewayCode = found.connected ? gatewayOfConnection(found.connection_id) : null;
  const gateway = gatewayCode
    ? await db.selectFrom('devices').select('connected').where('device_code', '=', gatewayCode).executeTakeFirst()
    : undefined;
  const connected = found.connected && (gatewayCode === null || gateway?.connected === true);
  return {
    deviceId: found.id,
    deviceCode: found.device_code,
    locked: found.locked,
    connected,
    gatewayCode,
    activated: found.activated_at !== null,
  };
}
