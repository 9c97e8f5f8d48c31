import mqtt, { Store, type IClientOptions, type MqttClient } from 'mqtt';

export interface DtuLink {
  url: string;
  statusTopic: string;
  credentials: () => { clientId: string; username: string; password: string };
  keepaliveSeconds?: number;
  reconnectPeriodMs?: number;
}

/**
 * A DTU's MQTT connection: clean session, MQTT 3.1.1, its will on the status topic, re-signed on every
 * reconnect (docs/device-protocol.md section 13).
 */
export function connectDtu(link: DtuLink): MqttClient {
  const options: IClientOptions = {
    ...link.credentials(),
    keepalive: link.keepaliveSeconds ?? 60,
    clean: true,
    protocolVersion: 4,
    reconnectPeriod: link.reconnectPeriodMs ?? 5000,
    connectTimeout: 10_000,
    will: { topic: link.statusTopic, payload: Buffer.from('offline'), qos: 1, retain: false },
    // mqtt.js empties a closed store by nulling it, and an acknowledgement that arrives after a forced end
    // (cleanEnd on a slow broker) then throws from inside the client; a store that keeps its map cannot.
    outgoingStore: new Store({ clean: false }),
    incomingStore: new Store({ clean: false }),
  };
  const client = mqtt.connect(link.url, options);
  client.on('reconnect', () => Object.assign(client.options, link.credentials()));
  return client;
}
