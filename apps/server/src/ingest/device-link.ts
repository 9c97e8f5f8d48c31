import type { FlowGate } from './pipeline/flow-gate.ts';

/**
 * The seams between the broker side (embedded Aedes or a client of an external broker), the ingest
 * pipeline that stores what devices send, and (downlink/downlink.ts) the way down to them. Each side is
 * built against these types only, so the broker mode can change without touching storage or commands.
 */

/** One MQTT message a signed-in device published on its `dev/{code}/up` topic. */
export interface UplinkMessage {
  deviceCode: string;
  /** The raw payload: a binary frame (protocol-point products) or Alink JSON (thing-model products). */
  payload: Buffer;
  /** When the server (not the device) received it. */
  receivedAt: Date;
  /**
   * True once the connection it came on was revoked (its credential changed, the device was deleted or
   * disabled): a message not yet written then is not stored. Absent where the broker does not tell connections apart.
   */
  revoked?: () => boolean;
}

/**
 * Stores uplink messages. The promise settles once the message is durable (or refused and counted):
 * the broker side acknowledges a QoS 1 publish only then, so nothing acknowledged is lost.
 */
export interface UplinkSink {
  store(message: UplinkMessage): Promise<void>;
  /** A sink that queues tells the broker side when to stop reading devices (backpressure); without it, never. */
  flow?: FlowGate;
}
