/**
 * Ways a device can misbehave, to exercise the broker's and the ingest's defences:
 * - `drop`: destroys its TCP socket now and then without a DISCONNECT (the broker publishes the will);
 * - `silentKeepalive`: after connecting it stops its keep-alive pings and sends nothing, so the broker
 *   must close it after 1.5 x keepalive (mqtt.js: `client.keepaliveManager.destroy()`; pausing the
 *   stream would not do, since the client would still write PINGREQs);
 * - `badSignature`: signs its CONNECT with a wrong secret;
 * - `staleTimestamp`: signs correctly but with a timestamp a day old;
 * - `duplicate`: a second connection with the same IoT code and credentials, taking over from the first;
 * - `malformed`: publishes frames with a bad CRC, truncated frames and garbage on its up topic;
 * - `oversized`: publishes a payload far over any frame's size (256 KiB);
 * - `flood`: publishes reports as fast as QoS 1 in-flight acknowledgements allow;
 * - `burst`: publishes each report BURST_REPORTS times back to back, past the broker's burst allowance
 *   (a bounded flood: it is throttled and counted at every report, at little cost to the machine);
 * - `reconnectLoop`: closes its connection right after each CONNACK and reconnects at once.
 */
export const MISBEHAVIOURS = [
  'drop',
  'silentKeepalive',
  'badSignature',
  'staleTimestamp',
  'duplicate',
  'malformed',
  'oversized',
  'flood',
  'burst',
  'reconnectLoop',
] as const;
export type Misbehaviour = (typeof MISBEHAVIOURS)[number];

export const isMisbehaviour = (name: string): name is Misbehaviour =>
  (MISBEHAVIOURS as readonly string[]).includes(name);

export const OVERSIZED_BYTES = 256 * 1024;
export const STALE_TIMESTAMP_MS = 24 * 3600 * 1000;
/** Most reports a flooding device keeps unacknowledged at a time. */
export const FLOOD_IN_FLIGHT = 64;
/** Copies of each report a `burst` device sends; above the broker's default burst of 50 (DEVICE_PUBLISH_BURST). */
export const BURST_REPORTS = 80;

/** A broken frame, taking turns: bad CRC, truncated, garbage. */
export function malformedFrame(validFrame: Uint8Array, turn: number, garbage: () => number): Uint8Array {
  const bytes = Uint8Array.from(validFrame);
  switch (turn % 3) {
    case 0:
      bytes[bytes.length - 1] = (bytes[bytes.length - 1]! ^ 0xff) & 0xff; // CRC no longer matches
      return bytes;
    case 1:
      return bytes.subarray(0, Math.max(3, Math.floor(bytes.length / 2)));
    default:
      return Uint8Array.from({ length: 40 }, () => Math.floor(garbage() * 256));
  }
}
