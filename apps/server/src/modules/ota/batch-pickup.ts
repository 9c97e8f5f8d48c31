import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DeviceEvents } from '../../events/device-events.ts';
import { enrollBatchDevices } from './batch-repo.ts';

/**
 * How long after its connection comes up a device is picked up: a DTU subscribes to its downlink topic only
 * after the broker accepted its connection (which is when the status event comes), so a notify sent at
 * once could reach the broker before the subscription and be lost.
 */
export const BATCH_PICKUP_GRACE_MS = 3000;

/**
 * Devices picked up as they come online: a device whose connection comes up (and is still up after the
 * grace) joins the open upgrade of an enabled 4G batch task that matches it (batch-repo enrollBatchDevices);
 * the rollout notifies it at its next tick. Every instance hears the event; the insert is idempotent (one
 * row per task and device, one open upgrade per device). Answers the stop.
 */
export function startBatchPickup(db: Kysely<DB>, events: DeviceEvents, log: FastifyBaseLogger): () => void {
  const waiting = new Set<NodeJS.Timeout>();
  const unsubscribe = events.subscribe((event) => {
    if (event.kind !== 'status' || event.status !== 'ONLINE') return;
    const timer = setTimeout(() => {
      waiting.delete(timer);
      enrollBatchDevices(db, { deviceId: event.deviceId }).catch((error: unknown) =>
        log.warn({ err: error, deviceCode: event.deviceCode }, 'OTA batch pick-up of a device coming online failed'),
      );
    }, BATCH_PICKUP_GRACE_MS);
    waiting.add(timer);
  });
  return () => {
    unsubscribe();
    for (const timer of waiting) clearTimeout(timer);
    waiting.clear();
  };
}
