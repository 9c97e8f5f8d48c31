import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Downlink } from '../device-link.ts';
import { addTraffic } from '../pipeline/traffic.ts';

/** The device a message is for: counted under its id, sent on its own down topic or, for a child online through its gateway, on the gateway's. */
export interface DownTarget {
  deviceId: string;
  deviceCode: string;
  gatewayCode?: string | null | undefined;
}

/**
 * The one way the server sends to devices (commands, property sets, and anything added later): it
 * sends on the broker link and adds the message to the device's down traffic (device_traffic,
 * migration 030), so no sender can leave a message out of the traffic log. The brokers' own
 * Downlinks are reached only through it.
 */
export interface DeviceSender {
  /** Sends `payload` to the target; rejects as the broker link does (nothing is counted then). */
  send(target: DownTarget, payload: Buffer): Promise<void>;
}

/** The DeviceSender over a broker link; traffic is written to `db`. */
export function countingSender(db: Kysely<DB>, link: Downlink): DeviceSender {
  return {
    async send(target, payload) {
      await link.send(target.gatewayCode ?? target.deviceCode, payload);
      // The traffic log counts what was sent; its failure must not turn a sent message into an error.
      await addTraffic(db, 'down', [{ deviceId: target.deviceId, at: new Date(), bytes: payload.length }]).catch(
        () => undefined,
      );
    },
  };
}
