import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceInScope } from '../devices/index.ts';

/** Rows of device_topology (migration 022); callers found both devices in scope first. */

export async function gatewayOf(db: Kysely<DB>, child: DeviceInScope): Promise<string | undefined> {
  return (
    await db
      .selectFrom('device_topology')
      .select('gateway_device_id')
      .where('child_device_id', '=', child.id)
      .executeTakeFirst()
  )?.gateway_device_id;
}

export async function hasChildren(db: Kysely<DB>, gateway: DeviceInScope): Promise<boolean> {
  return (
    (await db
      .selectFrom('device_topology')
      .select('child_device_id')
      .where('gateway_device_id', '=', gateway.id)
      .executeTakeFirst()) !== undefined
  );
}

/** The children of a gateway with what presence needs and the console shows. */
export function childrenOf(db: Kysely<DB>, gateway: DeviceInScope) {
  return db
    .selectFrom('device_topology as t')
    .innerJoin('devices as dv', 'dv.id', 't.child_device_id')
    .select([
      'dv.id as deviceId',
      'dv.device_code as deviceCode',
      'dv.device_name as deviceName',
      'dv.status',
      'dv.connected',
      'dv.offline_code as offlineCode',
    ])
    .where('t.gateway_device_id', '=', gateway.id)
    .orderBy('dv.device_code')
    .execute();
}

/** The gateway of each of these child IoT codes that has one, with the child's presence: what the ingest checks a gateway's messages against. */
export function gatewaysOfChildCodes(db: Kysely<DB>, childCodes: readonly string[]) {
  return db
    .selectFrom('device_topology as t')
    .innerJoin('devices as c', 'c.id', 't.child_device_id')
    .innerJoin('devices as g', 'g.id', 't.gateway_device_id')
    .select(['c.device_code as child', 'g.device_code as gateway', 'c.connected', 'c.connection_id'])
    .where('c.device_code', 'in', childCodes)
    .execute();
}
