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
  type Change = { deviceId: string; deviceCode: string; dealerId: string; connected: boolean; code: number };
  const announce = (change: Change, at: Date) =>
    events.publish({
      kind: 'status', deviceId: change.deviceId, deviceCode: change.deviceCode, dealerId: change.dealerId,
      status: change.connected ? 'ONLINE' : 'OFFLINE', code: change.code, at: at.toISOString(),
    });
  // The device row and its history entry change together: a reader never sees one without the other.
  const change = async (update: (trx: Kysely<DB>) => Promise<{ id: string; device_code: string; dealer_id: string } | undefined>, connected: boolean, code: number, at: Date) => {
    const row = await db.transaction().execute(async (trx) => {
      const changed = await update(trx);
      if (changed) await trx.insertInto('device_status_events').values({ device_id: changed.id, connected, code, at }).execute();
      return changed;
    });
    if (!row) return undefined;
    const done: Change = { deviceId: row.id, deviceCode: row.device_code, dealerId: row.dealer_id, connected, code };
    announce(done, at);
    return done;
  };

  return {
    async online(deviceCode, connectionId, at = new Date()) {
      await change(
        (trx) =>
          trx
            .updateTable('devices')
            .set({ connected: true, connection_id: connectionId, connected_at: at, last_online_at: at, offline_code: null, status: displayed(true) })
            .where('device_code', '=', deviceCode)
            .returning(['id', 'device_code', 'dealer_id'])
            .executeTakeFirst(),
        true, ONLINE_CODE, at,
      );
    },
    async offline(deviceCode, connectionId, code, at = new Date()) {
      const done = await change(
        (trx) =>
          trx
            .updateTable('devices')
            .set({ connected: false, offline_code: code, status: displayed(false) })
            .where('device_code', '=', deviceCode)
            .where('connection_id', '=', connectionId)
            .where('connected', '=', true)
            .returning(['id', 'device_code', 'dealer_id'])
            .executeTakeFirst(),
        false, code, at,
      );
      if (done) await afterOffline?.(done.deviceId, at);
    },
    async offlineConnectedBefore(before, code, at = new Date()) {
      const rows = await db.transaction().execute(async (trx) => {
        const stale = await trx
          .updateTable('devices')
          .set({ connected: false, offline_code: code, status: displayed(false) })
          .where('connected', '=', true)
          .where('connected_at', '<', before)
          .returning(['id', 'device_code', 'dealer_id'])
          .execute();
        if (stale.length > 0) await trx.insertInto('device_status_events').values(stale.map((row) => ({ device_id: row.id, connected: false, code, at }))).execute();
        return stale;
      });
      for (const row of rows) {
        announce({ deviceId: row.id, deviceCode: row.device_code, dealerId: row.dealer_id, connected: false, code }, at);
        await afterOffline?.(row.id, at);
      }
      return rows.length;
    },
  };
}
