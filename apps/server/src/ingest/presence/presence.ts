import { linkStatusOf, type OfflineReasonCode } from '@dcc/contract';
import DataLoader from 'dataloader';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceEvents } from '../../events/device-events.ts';
import { writePresenceChanges, type PresenceChange, type PresenceChanged } from './presence-writes.ts';

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

/** A device whose connection was recorded down. */
export interface WentOffline {
  deviceId: string;
  at: Date;
}

/** Changes arriving within this many ms are written together (a reconnect storm is thousands per second). */
export const PRESENCE_BATCH_MS = 5;
const PRESENCE_BATCH_MAX = 1000;

/**
 * Changes are written in batches (presence-writes.ts); each call resolves once its batch committed and
 * its event was published. `afterOffline` runs once per batch with the devices recorded down in it (a
 * gateway takes its children offline along, modules/topology/cascade.ts); its failure is its own to log.
 */
export function devicePresence(
  db: Kysely<DB>,
  events: DeviceEvents,
  afterOffline?: (devices: readonly WentOffline[]) => Promise<unknown>,
): Presence {
  const announce = (change: PresenceChanged) =>
    events.publish({
      kind: 'status',
      deviceId: change.deviceId,
      deviceCode: change.deviceCode,
      dealerId: change.dealerId,
      status: linkStatusOf(change.connected),
      code: change.code,
      at: change.at.toISOString(),
    });
  const settle = async (changed: ReadonlyArray<PresenceChanged | null>) => {
    const done = changed.filter((c): c is PresenceChanged => c !== null);
    for (const change of done) announce(change);
    const down = done.filter((c) => !c.connected).map((c) => ({ deviceId: c.deviceId, at: c.at }));
    if (down.length > 0) await afterOffline?.(down);
  };
  const writer = new DataLoader<PresenceChange, PresenceChanged | null>(
    async (changes) => {
      const changed = await writePresenceChanges(db, changes);
      await settle(changed);
      return changed;
    },
    { cache: false, maxBatchSize: PRESENCE_BATCH_MAX, batchScheduleFn: (run) => setTimeout(run, PRESENCE_BATCH_MS) },
  );

  return {
    async online(deviceCode, connectionId, at = new Date()) {
      await writer.load({ deviceCode, connectionId, reason: null, at });
    },
    async offline(deviceCode, connectionId, code, at = new Date()) {
      await writer.load({ deviceCode, connectionId, reason: code, at });
    },
    async offlineConnectedBefore(before, code, at = new Date()) {
      const stale = await db
        .selectFrom('devices')
        .select(['device_code', 'connection_id'])
        .where('connected', '=', true)
        .where('connected_at', '<', before)
        .execute();
      const changed = await writePresenceChanges(
        db,
        stale.map((row) => ({ deviceCode: row.device_code, connectionId: row.connection_id ?? '', reason: code, at })),
      );
      await settle(changed);
      return changed.filter((c) => c !== null).length;
    },
  };
}
