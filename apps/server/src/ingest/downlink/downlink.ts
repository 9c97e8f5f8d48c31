import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addTraffic } from '../pipeline/traffic.ts';
import { keepDownPacket } from './down-packets.ts';

/** The device a message is for: counted under its id, sent on its own down topic or, for a child online through its gateway, on the gateway's. */
export interface DownTarget {
  deviceId: string;
  deviceCode: string;
  gatewayCode?: string | null | undefined;
}

/**
 * The one way down to devices (commands, property sets, and anything added later): sends `payload`
 * QoS 1 on the target's `dev/{code}/down` topic, and rejects when it cannot (nothing is counted then).
 * What it is: the embedded broker's (`embeddedBrokerDownlink`), the external broker link's, the
 * refusal of a server without a device broker (`noBrokerDownlink`), and the one the server hands out
 * (`trafficCountingDownlink`): one of the others, with every message added to the device's down
 * traffic, so no sender can leave a message out of the traffic log.
 */
export interface Downlink {
  send(target: DownTarget, payload: Buffer): Promise<void>;
}

/** The IoT code whose down topic carries a message to `target`: its gateway's for a child online through it, else its own. */
export const downTopicCode = (target: DownTarget): string => target.gatewayCode ?? target.deviceCode;

/** What the Downlink of a server without a device broker (MQTT_PORT=off) says. */
export const NO_BROKER_MESSAGE = 'no device broker is running in this server';

/** The Downlink of a server without a device broker: every send is refused, so commands answer that no broker runs. */
export const noBrokerDownlink: Downlink = {
  send: () => Promise.reject(new Error(NO_BROKER_MESSAGE)),
};

/** `broker`'s Downlink with each message sent added to the device's down traffic of the platform day (device_traffic, migration 030) and kept in raw_packets, written to `db`. */
export function trafficCountingDownlink(db: Kysely<DB>, broker: Downlink, timeZone: string): Downlink {
  return {
    async send(target, payload) {
      await broker.send(target, payload);
      // The traffic log counts what was sent; its failure must not turn a sent message into an error.
      const at = new Date();
      await addTraffic(db, 'down', [{ deviceId: target.deviceId, at, bytes: payload.length }], timeZone).catch(
        () => undefined,
      );
      // So is the communication log's copy (issue 22).
      await keepDownPacket(db, target.deviceId, payload, at).catch(() => undefined);
    },
  };
}
