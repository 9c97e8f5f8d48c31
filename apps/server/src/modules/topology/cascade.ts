import { OfflineReason, type ChildOfflineCode } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Presence, WentOffline } from '../../ingest/index.ts';
import { childConnectionId } from './rules.ts';

/**
 * Takes gateways' children offline with 1913 when the gateways go offline: the presence path calls it
 * with the devices each batch recorded down. Only children online through their gateway are touched
 * (presence ignores a child whose current connection is another one). Answers how many.
 */
export async function cascadeGatewaysOffline(
  db: Kysely<DB>,
  presence: Presence,
  gateways: readonly WentOffline[],
): Promise<number> {
  if (gateways.length === 0) return 0;
  const children = await db
    .selectFrom('device_topology as t')
    .innerJoin('devices as dv', 'dv.id', 't.child_device_id')
    .innerJoin('devices as gw', 'gw.id', 't.gateway_device_id')
    .select(['t.gateway_device_id', 'gw.device_code as gateway_code', 'dv.device_code', 'dv.connected_at'])
    .where(
      't.gateway_device_id',
      'in',
      gateways.map((g) => g.deviceId),
    )
    .where('dv.connected', '=', true)
    .execute();
  const when = new Map(gateways.map((g) => [g.deviceId, g.at]));
  // A child the gateway's next connection brought online after this one ended stays online.
  const along = children.filter(
    (child) => child.connected_at !== null && child.connected_at <= when.get(child.gateway_device_id)!,
  );
  await Promise.all(
    along.map((child) =>
      presence.offline(
        child.device_code,
        childConnectionId(child.gateway_code),
        OfflineReason.CHILD_OFFLINE,
        when.get(child.gateway_device_id),
      ),
    ),
  );
  return along.length;
}

/** A gateway reported a child online (a frame or Alink message for it): online through the gateway. */
export async function childOnline(
  presence: Presence,
  gatewayCode: string,
  childCode: string,
  at: Date = new Date(),
): Promise<void> {
  await presence.online(childCode, childConnectionId(gatewayCode), at);
}

/** A gateway reported a child offline: 1913 when the child's own link to the gateway is lost, 520 for a child session error. */
export async function childOffline(
  presence: Presence,
  gatewayCode: string,
  childCode: string,
  code: ChildOfflineCode,
  at: Date = new Date(),
): Promise<void> {
  await presence.offline(childCode, childConnectionId(gatewayCode), code, at);
}
