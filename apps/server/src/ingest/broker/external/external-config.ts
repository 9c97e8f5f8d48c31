import os from 'node:os';
import { envInteger } from '../../../limits-config.ts';

/** Which external broker MQTT_URL points at: it decides where presence comes from and who enforces identities. */
export type BrokerKind = 'mosquitto' | 'emqx';

/**
 * The settings of the server as a client of an external MQTT broker (docs/device-protocol.md,
 * "External brokers"). Without MQTT_URL the embedded broker runs instead and none of this is used,
 * except EMQX_HOOK_TOKEN, which only switches the EMQX hook routes on.
 */
export interface ExternalBrokerConfig {
  /** mqtt://host:port of the external broker, or null for the embedded broker. */
  url: string | null;
  /** The server's own service identity on an enforcing broker. */
  username: string | null;
  password: string | null;
  /**
   * Fixed client id of this instance (one per instance, the same across its restarts): the broker keeps
   * the instance's persistent session and the QoS 1 reports queued for it while it is away.
   */
  clientId: string;
  /** The deployment's name in its shared-subscription groups (MQTT_SHARE_GROUP); null: `ingest` and `presence`. */
  shareGroup: string | null;
  /** Connections this instance opens in the shared group; mqtt.js handles one message at a time per connection. */
  connections: number;
  /** Seconds the broker keeps this instance's session (and its queued reports) while it is away. */
  sessionExpirySeconds: number;
  brokerKind: BrokerKind;
  /** Shared secret of the EMQX HTTP authentication/authorization hooks (header x-emqx-hook-token); null: routes off. */
  emqxHookToken: string | null;
  /** Keep Mosquitto's dynamic-security clients and roles in step with the registry (needs the admin identity). */
  mosquittoDynsec: boolean;
  /** Also learn presence from EMQX's $SYS client connected/disconnected events. */
  emqxPresenceEvents: boolean;
  /** EMQX's REST API (EMQX_API_URL, an API key and its secret), through which a revoked device's connection is kicked; null: not told. */
  emqxApi: EmqxApiConfig | null;
}

export interface EmqxApiConfig {
  /** http(s)://host:18083, without the /api/v5 path. */
  url: string;
  key: string;
  secret: string;
}

function emqxApiConfig(env: NodeJS.ProcessEnv): EmqxApiConfig | null {
  const url = env.EMQX_API_URL || null;
  if (url === null) return null;
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(url))
    throw new Error(`EMQX_API_URL must be http(s)://host:port, got '${url}'`);
  if (!env.EMQX_API_KEY || !env.EMQX_API_SECRET)
    throw new Error('EMQX_API_URL needs EMQX_API_KEY and EMQX_API_SECRET (an API key of EMQX allowed to kick clients)');
  return { url: url.replace(/\/+$/, ''), key: env.EMQX_API_KEY, secret: env.EMQX_API_SECRET };
}

const onOff = (value: string | undefined, fallback: boolean, name: string): boolean => {
  if (value === undefined || value === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(value.toLowerCase())) return true;
  if (['off', 'false', '0', 'no'].includes(value.toLowerCase())) return false;
  throw new Error(`${name} must be on or off, got '${value}'`);
};

export function loadExternalBrokerConfig(env: NodeJS.ProcessEnv): ExternalBrokerConfig {
  const url = env.MQTT_URL || null;
  if (url !== null && !/^(mqtts?|wss?|tcp|tls):\/\/[^\s]+$/.test(url))
    throw new Error(`MQTT_URL must be mqtt://host:port (or mqtts://, ws://, wss://), got '${url}'`);
  const brokerKind = env.MQTT_BROKER_KIND || 'mosquitto';
  if (brokerKind !== 'mosquitto' && brokerKind !== 'emqx')
    throw new Error(`MQTT_BROKER_KIND must be mosquitto or emqx, got '${brokerKind}'`);
  const clientId = env.MQTT_CLIENT_ID || `dcc-server-${os.hostname()}`;
  if (!/^[A-Za-z0-9_.-]{1,40}$/.test(clientId))
    throw new Error(`MQTT_CLIENT_ID must be 1-40 letters, digits, '.', '-' or '_', got '${clientId}'`);
  const shareGroup = env.MQTT_SHARE_GROUP || null;
  if (shareGroup !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(shareGroup))
    throw new Error(`MQTT_SHARE_GROUP must be 1-32 letters, digits, '-' or '_', got '${shareGroup}'`);
  const token = env.EMQX_HOOK_TOKEN || null;
  if (token !== null && token.length < 24) throw new Error('EMQX_HOOK_TOKEN must be at least 24 characters');
  const mosquittoDynsec = onOff(env.MOSQUITTO_DYNSEC, false, 'MOSQUITTO_DYNSEC');
  if (mosquittoDynsec && (!url || brokerKind !== 'mosquitto' || !env.MQTT_USERNAME)) {
    throw new Error(
      'MOSQUITTO_DYNSEC=on needs MQTT_URL, MQTT_BROKER_KIND=mosquitto and MQTT_USERNAME/MQTT_PASSWORD of a dynamic-security admin',
    );
  }
  const connections = envInteger(env.MQTT_CONNECTIONS, 4, 'MQTT_CONNECTIONS');
  if (connections < 1 || connections > 64) throw new Error(`MQTT_CONNECTIONS must be 1 to 64, got '${connections}'`);
  return {
    url,
    username: env.MQTT_USERNAME || null,
    password: env.MQTT_PASSWORD || null,
    clientId,
    shareGroup,
    connections,
    sessionExpirySeconds: envInteger(env.MQTT_SESSION_EXPIRY_SECONDS, 86_400, 'MQTT_SESSION_EXPIRY_SECONDS'),
    brokerKind,
    emqxHookToken: token,
    mosquittoDynsec,
    emqxPresenceEvents: onOff(env.EMQX_PRESENCE_EVENTS, brokerKind === 'emqx', 'EMQX_PRESENCE_EVENTS'),
    emqxApi: emqxApiConfig(env),
  };
}
