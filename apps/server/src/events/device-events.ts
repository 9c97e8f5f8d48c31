import { EventEmitter } from 'node:events';
import type { LiveEventData, RevocationCode } from '@dcc/contract';

/**
 * What happens to devices, as the server learns it: status changes (broker side), values and faults
 * (ingest), replies to commands (ingest, awaited by commands), registry access changes (the instance holding
 * the device's connection closes it; every instance forgets its cached profile). Live push to consoles and the command
 * waiters subscribe here. Within one process it is an EventEmitter; several instances share it
 * through PostgreSQL LISTEN/NOTIFY (a reply can reach the instance that did not send the command).
 */
export type DeviceEvent =
  // Status, values and fault events are what the live stream sends (the contract's liveEventSchemas), with the owner dealer.
  | ({ kind: 'status'; dealerId: string } & Omit<LiveEventData<'status'>, 'offlineReason' | 'offlineCheckMethod'>)
  | ({ kind: 'values'; dealerId: string } & LiveEventData<'values'>)
  | ({ kind: 'fault'; dealerId: string } & LiveEventData<'fault'>)
  | {
      kind: 'reply';
      deviceCode: string;
      seq: number;
      /** 'setReply' or 'controlReply' (packages/protocol function names), or 'alinkReply'. */
      function: string;
      /** Status byte (frames) or Alink code. */
      status: number;
      statusName: string;
      /** Set reply: the values as applied. Control reply: the action name. */
      values?: Array<{ address: number; value: number | null }>;
      action?: string;
      at: string;
    }
  | {
      /** A device's firmware-upgrade report (OTA progress frame), for the OTA module: its job, status byte, percent, version. */
      kind: 'ota';
      deviceId: string;
      deviceCode: string;
      dealerId: string;
      /** The job id (its row of the upgrade task) as the frame carries it. */
      job: string;
      status: number;
      percent: number;
      version: string;
      at: string;
    }
  | {
      kind: 'access';
      deviceCode: string;
      /** Its live connection closes on whichever instance holds it (401 credential changed, 521 deleted, 522 disabled); null: admitted (added, re-enabled). */
      revoked: RevocationCode | null;
      at: string;
    }
  /**
   * Devices owned by these dealers were added, activated, deleted or moved (to or from them): what the
   * dashboard counts changed without a status event (device-counts.ts `announceCounts`).
   */
  | { kind: 'counts'; dealerIds: string[]; at: string }
  /** An OTA task or one of its devices changed state (modules/ota), for the consoles of the task owner's subtree. */
  | ({ kind: 'otaTask'; dealerId: string } & LiveEventData<'otaTask'>)
  /** This instance's bus was deaf for a while (its LISTEN connection was lost): events may be missing, re-read. */
  | ({ kind: 'resync' } & LiveEventData<'resync'>);

export interface DeviceEvents {
  publish(event: DeviceEvent): void;
  /** Calls the listener for every event until the returned function is called. */
  subscribe(listener: (event: DeviceEvent) => void): () => void;
}

/** Tells the live streams, once the change committed, that the devices these dealers own were added, activated, deleted or moved. */
export function announceCounts(events: DeviceEvents, dealerIds: Iterable<string>): void {
  const ids = [...new Set(dealerIds)];
  if (ids.length > 0) events.publish({ kind: 'counts', dealerIds: ids, at: new Date().toISOString() });
}

/** The in-process event bus. */
export function localDeviceEvents(): DeviceEvents {
  const emitter = new EventEmitter();
  // Every console session and every waiting command is a listener.
  emitter.setMaxListeners(0);
  return {
    publish: (event) => {
      emitter.emit('event', event);
    },
    subscribe: (listener) => {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}
