import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Presence } from '../../ingest/presence.ts';
import { childConnectionId } from './rules.ts';

/** Spec section 8: a child device offline (with its gateway, or its link to the gateway lost). */
export const CHILD_OFFLINE_CODE = 1913;

/**
 * Takes a gateway's children offline with 1913 when the gateway goes offline: the presence path
 * calls it after `presence.offline(gatewayCode, ...)`. Only children online through this gateway are
 * touched (presence ignores a child whose current connection is another one). Answers how many.
 */
export async function cascadeGatewayOffline(db: Kysely<DB>, presence: Presence, gatewayDeviceId: string, at: Date = new Date()): Promise<number> {
  const gateway = await db.selectFrom('devices').select('device_code').where('id', '=', gatewayDeviceId).executeTakeFirst();
  if (!gateway) return 0;
  const children = await db
    .selectFrom('device_topology as t')
    .innerJoin('devices as dv', 'dv.id', 't.child_device_id')
    .select('dv.device_code')
    .where('t.gateway_device_id', '=', gatewayDeviceId)
    .where('dv.connected', '=', true)
    // A child the gateway's next connection brought online after this one ended stays online.
    .where('dv.connected_at', '<=', at)
    .execute();
  for (const child of children) await presence.offline(child.device_code, childConnectionId(gateway.device_code), CHILD_OFFLINE_CODE, at);
  return children.length;
}

/** A gateway reported a child online (a frame or Alink message for it): online through the gateway. */
export async function childOnline(presence: Presence, gatewayCode: string, childCode: string, at: Date = new Date()): Promise<void> {
  await presence.online(childCode, childConnectionId(gatewayCode), at);
}

/** A gateway reported a child offline: 1913 when the child's own link to the gateway is lost, 520 for a child session error. */
export async function childOffline(presence: Presence, gatewayCode: string, childCode: string, code: 1913 | 520, at: Date = new Date()): Promise<void> {
  await presence.offline(childCode, childConnectionId(gatewayCode), code, at);
}
