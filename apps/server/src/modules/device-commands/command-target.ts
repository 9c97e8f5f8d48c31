import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { foundOrFail } from '../catalog/index.ts';
import type { DeviceInScope } from '../devices/index.ts';
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

/** What the command rules read of a device of the scope; NOT_FOUND when it was deleted since it was found. */
export async function commandTarget(db: Kysely<DB>, device: DeviceInScope): Promise<CommandTarget> {
  const found = await foundOrFail(
    db
      .selectFrom('devices')
      .where('id', '=', device.id)
      .select(['id', 'device_code', 'locked', 'connected', 'activated_at', 'connection_id'])
      .executeTakeFirst(),
  );
  const gatewayCode = found.connected ? gatewayOfConnection(found.connection_id) : null;
  // Read without a scope on purpose: the gateway a device of the scope is online through carries its commands
  // whoever owns it, and only whether it is connected is read (never answered to the caller).
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
