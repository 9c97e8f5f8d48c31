import type { OfflineReasonCode } from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { DeviceEvents } from '../events/device-events.ts';

/** The reason code of a connection that came up (spec section 8: 200 normal online). */
export const ONLINE_CODE = 200;

/**
 * Where the broker side (embedded Aedes, or what an external broker reports) records that a device's
 * connection came up or went down, with the reason code. One place, so that both broker modes keep the
 * same rules: an UNACTIVE device stays UNACTIVE while connected, a close only counts for the connection
 * that is current, and every change is kept in the device's status history and published as an event.
 */
export interface Presence {
  /** The connection `connectionId` of the device is up (the newest connection wins). */
  online(deviceCode: string, connectionId: string, at?: Date): Promise<void>;
  /** The connection `connectionId` went down for `code`; ignored when a newer connection took its place. */
  offline(deviceCode: string, connectionId: string, code: OfflineReasonCode, at?: Date): Promise<void>;
  /** Marks offline with `code` every device still recorded as connected since before `before` (after a restart). */
  offlineConnectedBefore(before: Date, code: OfflineReasonCode, at?: Date): Promise<number>;
}

const displayed = (connected: boolean) =>
  sql<'UNACTIVE' | 'ONLINE' | 'OFFLINE'>`case when devices.activated_at is null then 'UNACTIVE' else ${connected ? 'ONLINE' : 'OFFLINE'} end`;

/**
 * `afterOffline` runs once a device's connection was recorded down (e.g. a gateway takes its
 * children offline with it, modules/topology/cascade.ts); its failure is the caller's to log.
 */
export function devicePresence(db: Kysely<DB>, events: DeviceEvents, afterOffline?: (deviceId: string, at: Date) => Promise<unknown>): Presence {
  const record = async (
    change: { deviceId: string; deviceCode: string; dealerId: string; connected: boolean; code: number },
    at: Date,
  ): Promise<void> => {
    await db.insertInto('device_status_events').values({ device_id: change.deviceId, connected: change.connected, code: change.code, at }).execute();
    events.publish({
      kind: 'status', deviceId: change.deviceId, deviceCode: change.deviceCode, dealerId: change.dealerId,
      status: change.connected ? 'ONLINE' : 'OFFLINE', code: change.code, at: at.toISOString(),
    });
  };

  return {
    async online(deviceCode, connectionId, at = new Date()) {
      const row = await db
        .updateTable('devices')
        .set({ connected: true, connection_id: connectionId, connected_at: at, last_online_at: at, offline_code: null, status: displayed(true) })
        .where('device_code', '=', deviceCode)
        .returning(['id', 'device_code', 'dealer_id'])
        .executeTakeFirst();
      if (row) await record({ deviceId: row.id, deviceCode: row.device_code, dealerId: row.dealer_id, connected: true, code: ONLINE_CODE }, at);
    },
    async offline(deviceCode, connectionId, code, at = new Date()) {
      const row = await db
        .updateTable('devices')
        .set({ connected: false, offline_code: code, status: displayed(false) })
        .where('device_code', '=', deviceCode)
        .where('connection_id', '=', connectionId)
        .where('connected', '=', true)
        .returning(['id', 'device_code', 'dealer_id'])
        .executeTakeFirst();
      if (!row) return;
      await record({ deviceId: row.id, deviceCode: row.device_code, dealerId: row.dealer_id, connected: false, code }, at);
      await afterOffline?.(row.id, at);
    },
    async offlineConnectedBefore(before, code, at = new Date()) {
      const rows = await db
        .updateTable('devices')
        .set({ connected: false, offline_code: code, status: displayed(false) })
        .where('connected', '=', true)
        .where('connected_at', '<', before)
        .returning(['id', 'device_code', 'dealer_id'])
        .execute();
      for (const row of rows) {
        await record({ deviceId: row.id, deviceCode: row.device_code, dealerId: row.dealer_id, connected: false, code }, at);
        await afterOffline?.(row.id, at);
      }
      return rows.length;
    },
  };
}
