import { envInteger } from './limits-config.ts';

/** Settings of the embedded MQTT broker and of the device connections it accepts (README, configuration). */
export interface LinkConfig {
  /** Port of the embedded broker; 0 picks a free one; null (MQTT_PORT=off) starts no broker. */
  mqttPort: number | null;
  /**
   * MQTT_PORT was not set: when the default port is taken (a local Mosquitto holds 1883), the broker
   * says so and listens on a free port instead of stopping the start. A port that was asked for must be had.
   */
  mqttPortFallback: boolean;
  mqttHost: string;
  /** An external broker (MQTT_URL): the embedded one is then not started. */
  mqttUrl: string | null;
  /** How far a device's signed timestamp may be from the server's clock, either way. */
  signInWindowMs: number;
  /** Reports a device may publish per second on average, and in one burst. */
  publishesPerSecond: number;
  publishBurst: number;
  /** Signed-in connections one client id may make per minute before it is refused for the cool-down (a reconnect loop). */
  connectsPerMinute: number;
  reconnectCooldownMs: number;
  /** Failed sign-ins one source address may make per minute before it is refused for the cool-down. */
  signInFailuresPerAddress: number;
  /** Failed sign-ins from all addresses per minute past which an address that failed gets no more tries that minute. */
  signInFailuresPerMinute: number;
  /** A larger PUBLISH payload is dropped without PUBACK and counted; the connection is kept. */
  maxPayloadBytes: number;
  /**
   * A packet announcing a larger remaining length (MQTT fixed header) is not buffered: the connection
   * closes. Default 4 x maxPayloadBytes; never below maxPayloadBytes + PACKET_OVERHEAD_BYTES.
   */
  maxPacketBytes: number;
  /** After a start, devices recorded online that did not reconnect within this time go offline (1911). */
  restartGraceMs: number;
}

function mqttPort(value: string | undefined): number | null {
  if (value?.toLowerCase() === 'off') return null;
  const port = envInteger(value, 1883, 'MQTT_PORT');
  if (port > 65535) throw new Error(`MQTT_PORT must be a port (0-65535) or 'off', got '${value}'`);
  return port;
}

function positive(value: string | undefined, fallback: number, name: string): number {
  const parsed = envInteger(value, fallback, name);
  if (parsed === 0) throw new Error(`${name} must be above 0`);
  return parsed;
}

/** MQTT_MAX_PAYLOAD_BYTES unless set: the one payload limit of both broker modes. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 64 * 1024;
/** Room for an MQTT header, topic and properties beside a payload at the limit. */
export const PACKET_OVERHEAD_BYTES = 1024;
/** The hard cap on a packet is this multiple of the payload limit unless MQTT_MAX_PACKET_BYTES says otherwise. */
export const PACKET_CAP_FACTOR = 4;

function maxPacketBytes(value: string | undefined, maxPayloadBytes: number): number {
  const cap = envInteger(value, PACKET_CAP_FACTOR * maxPayloadBytes, 'MQTT_MAX_PACKET_BYTES');
  if (cap < maxPayloadBytes + PACKET_OVERHEAD_BYTES)
    throw new Error(
      `MQTT_MAX_PACKET_BYTES must be at least MQTT_MAX_PAYLOAD_BYTES + ${PACKET_OVERHEAD_BYTES} (${maxPayloadBytes + PACKET_OVERHEAD_BYTES}), got ${cap}`,
    );
  return cap;
}

export function loadLinkConfig(env: NodeJS.ProcessEnv): LinkConfig {
  const maxPayloadBytes = positive(env.MQTT_MAX_PAYLOAD_BYTES, DEFAULT_MAX_PAYLOAD_BYTES, 'MQTT_MAX_PAYLOAD_BYTES');
  return {
    mqttPort: mqttPort(env.MQTT_PORT),
    mqttPortFallback: !env.MQTT_PORT,
    mqttHost: env.MQTT_HOST || '0.0.0.0',
    mqttUrl: env.MQTT_URL || null,
    signInWindowMs: positive(env.DEVICE_SIGNIN_WINDOW_MS, 10 * 60_000, 'DEVICE_SIGNIN_WINDOW_MS'),
    publishesPerSecond: positive(env.DEVICE_PUBLISH_PER_SECOND, 10, 'DEVICE_PUBLISH_PER_SECOND'),
    publishBurst: positive(env.DEVICE_PUBLISH_BURST, 50, 'DEVICE_PUBLISH_BURST'),
    connectsPerMinute: positive(env.DEVICE_CONNECTS_PER_MINUTE, 10, 'DEVICE_CONNECTS_PER_MINUTE'),
    reconnectCooldownMs: envInteger(env.DEVICE_RECONNECT_COOLDOWN_MS, 60_000, 'DEVICE_RECONNECT_COOLDOWN_MS'),
    signInFailuresPerAddress: positive(
      env.DEVICE_SIGNIN_FAILURES_PER_ADDRESS,
      20,
      'DEVICE_SIGNIN_FAILURES_PER_ADDRESS',
    ),
    signInFailuresPerMinute: positive(env.DEVICE_SIGNIN_FAILURES_PER_MINUTE, 2000, 'DEVICE_SIGNIN_FAILURES_PER_MINUTE'),
    maxPayloadBytes,
    maxPacketBytes: maxPacketBytes(env.MQTT_MAX_PACKET_BYTES, maxPayloadBytes),
    restartGraceMs: envInteger(env.MQTT_RESTART_GRACE_MS, 150_000, 'MQTT_RESTART_GRACE_MS'),
  };
}
