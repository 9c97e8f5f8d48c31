import { deviceTopic, isDeviceCode, parseDeviceTopic, sharedGroups, sharedSubscription } from '@dcc/protocol';
import mqtt, { Store, type IPublishPacket, type MqttClient } from 'mqtt';
import type { UplinkSink } from '../../device-link.ts';
import { downTopicCode, type Downlink } from '../../downlink/downlink.ts';
import { DEFAULT_MAX_PAYLOAD_BYTES } from '../../../link-config.ts';
import { messageOf, refusalLog } from '../refusal-log.ts';
import type { ExternalBrokerConfig } from './external-config.ts';

/**
 * What every instance of the deployment subscribes: a share of the reports, a share of the devices'
 * status messages (last wills, clean disconnects) and, on EMQX, a share of its client
 * connected/disconnected events.
 */
export function linkSubscriptions(
  config: Pick<ExternalBrokerConfig, 'shareGroup' | 'brokerKind' | 'emqxPresenceEvents'>,
): { ingest: string; status: string; events: string[] } {
  const groups = sharedGroups(config.shareGroup);
  const events =
    config.brokerKind === 'emqx' && config.emqxPresenceEvents
      ? ['connected', 'disconnected'].map((event) =>
          sharedSubscription(groups.presence, `$SYS/brokers/+/clients/+/${event}`),
        )
      : [];
  return {
    ingest: sharedSubscription(groups.ingest, 'dev/+/up'),
    status: sharedSubscription(groups.presence, 'dev/+/status'),
    events,
  };
}

/**
 * The first reconnect comes soon: Mosquitto does not restore `$share` subscriptions from its persistence
 * file, so reports published after a broker restart and before this instance subscribes again are dropped.
 */
const FIRST_RECONNECT_MS = 200;
const MAX_RECONNECT_MS = 30_000;
const MAX_STORE_RETRY_MS = 5000;

export type ExternalRefusal = 'topic' | 'oversized' | 'status' | 'event';

export interface ExternalLinkHandlers {
  sink: UplinkSink;
  /** A message on `dev/{code}/status` (last will, clean-disconnect notice, 'online'). */
  onStatus(deviceCode: string, payload: Buffer, receivedAt: Date): Promise<boolean>;
  /** A report arrived from `deviceCode` (its first one tells it is online). */
  onUplink?(deviceCode: string, receivedAt: Date): Promise<void>;
  /** An EMQX $SYS client event; answers false when it was not one. */
  onBrokerEvent?(topic: string, payload: Buffer, receivedAt: Date): Promise<boolean>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface ExternalLink {
  downlink: Downlink;
  /** Messages dropped by reason, since start. */
  refusals(): Record<ExternalRefusal, number>;
  /** Whether at least one of the instance's connections is up. */
  connected(): boolean;
  /** Whether every connection is up and the broker acknowledged (SUBACK) its subscriptions on it. */
  subscribed(): boolean;
  /** Messages acknowledged to the broker (their PUBACK handed to the connection) since start. */
  acknowledged(): number;
  /**
   * Disconnects. The broker keeps the sessions (and queues this instance's share of the reports)
   * unless `endSession`: for an instance that will not come back, after it drained.
   */
  close(options?: { endSession?: boolean }): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server as a client of an external broker: `connections` MQTT 5 clients with fixed ids and
 * persistent sessions in the deployment's shared ingest group. A QoS 1 report is acknowledged (PUBACK) only after
 * `sink.store()` resolved: mqtt.js sends the PUBACK when its `handleMessage` callback is called, and
 * handles one message per connection at a time until then: under load the server stops reading and
 * acknowledging, and the broker holds the rest (its inflight window, then the persistent session's
 * queue). Nothing is refused for load. A store that fails is retried (the broker keeps queuing
 * meanwhile); a message whose connection dropped before its store finished is not acknowledged at
 * all, so the broker delivers it again (the sink is idempotent). Refusals, retries and messages not
 * acknowledged are logged through the refusal log: once a minute per device and reason, with the count.
 */
export function connectExternalLink(
  config: ExternalBrokerConfig & { url: string; maxPayloadBytes?: number },
  handlers: ExternalLinkHandlers,
): ExternalLink {
  // A report or status message larger than MQTT_MAX_PAYLOAD_BYTES is dropped (and counted), never handed on: the embedded broker's rule.
  const maxPayloadBytes = config.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
  const counts: Record<ExternalRefusal, number> = { topic: 0, oversized: 0, status: 0, event: 0 };
  let acknowledged = 0;
  let closing = false;
  const lines = refusalLog(handlers.log);
  /** Who a line is about: the device the topic names, else the topic itself. */
  const subjectOf = (topic: string) => parseDeviceTopic(topic)?.deviceCode ?? topic;
  const refuse = (reason: ExternalRefusal, topic: string) => {
    counts[reason] += 1;
    lines.note(subjectOf(topic), `external-${reason}`);
  };

  const storeUntilDone = async (
    deviceCode: string,
    payload: Buffer,
    receivedAt: Date,
    isCurrent: () => boolean,
  ): Promise<void> => {
    for (let wait = 100; ; wait = Math.min(wait * 2, MAX_STORE_RETRY_MS)) {
      try {
        await handlers.sink.store({ deviceCode, payload, receivedAt });
        return;
      } catch (error) {
        lines.note(deviceCode, 'store-retry', messageOf(error));
        if (closing || !isCurrent()) throw error;
        await sleep(wait);
      }
    }
  };

  const handle = async (packet: IPublishPacket, isCurrent: () => boolean): Promise<void> => {
    const receivedAt = new Date();
    const topic = packet.topic;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    if (payload.length > maxPayloadBytes) return refuse('oversized', topic);
    if (topic.startsWith('$SYS/')) {
      if (!handlers.onBrokerEvent || !(await handlers.onBrokerEvent(topic, payload, receivedAt)))
        refuse('event', topic);
      return;
    }
    const parsed = parseDeviceTopic(topic);
    if (!parsed || parsed.channel === 'down') return refuse('topic', topic);
    if (parsed.channel === 'status') {
      if (!(await handlers.onStatus(parsed.deviceCode, payload, receivedAt))) refuse('status', topic);
      return;
    }
    await storeUntilDone(parsed.deviceCode, payload, receivedAt, isCurrent);
    // The report is stored: a failure to mark the device online must not hold back its PUBACK.
    await handlers
      .onUplink?.(parsed.deviceCode, receivedAt)
      .catch((error: unknown) =>
        handlers.log.warn({ err: error, deviceCode: parsed.deviceCode }, 'could not mark the device online'),
      );
  };

  const { ingest, status, events } = linkSubscriptions(config);
  const subscriptions = [ingest, status, ...events];

  const open = (index: number): { client: MqttClient; subscribed(): boolean } => {
    const clientId = config.connections === 1 ? config.clientId : `${config.clientId}-${index}`;
    const client = mqtt.connect(config.url, {
      clientId,
      username: config.username ?? undefined,
      password: config.password ?? undefined,
      protocolVersion: 5,
      clean: false,
      properties: { sessionExpiryInterval: config.sessionExpirySeconds },
      reconnectPeriod: FIRST_RECONNECT_MS,
      connectTimeout: 10_000,
      keepalive: 30,
      resubscribe: false,
      // A forced end (closing without ending the session) nulls mqtt.js's default stores, and an acknowledgement
      // still on the wire then throws from inside the client: stores that keep their maps cannot.
      outgoingStore: new Store({ clean: false }),
      incomingStore: new Store({ clean: false }),
    });
    // A connection generation: a message is acknowledged only on the connection it came in on.
    let generation = 0;
    /** The generation whose subscriptions the broker acknowledged. */
    let subscribedIn = -1;
    client.on('connect', () => {
      generation += 1;
      const mine = generation;
      client.options.reconnectPeriod = FIRST_RECONNECT_MS;
      handlers.log.info({ clientId }, 'connected to the external MQTT broker');
      client.subscribe(subscriptions, { qos: 1 }, (error, granted) => {
        const refused = (granted ?? []).filter((grant) => grant.qos > 2);
        if (!error && refused.length === 0 && generation === mine) subscribedIn = mine;
        if (error || refused.length > 0)
          handlers.log.warn(
            { err: error, refused: refused.map((g) => g.topic), clientId },
            'the external broker refused a subscription',
          );
      });
    });
    client.on('close', () => {
      generation += 1;
      if (closing) return;
      client.options.reconnectPeriod = Math.min(
        (client.options.reconnectPeriod ?? FIRST_RECONNECT_MS) * 2,
        MAX_RECONNECT_MS,
      );
    });
    client.on('offline', () =>
      handlers.log.warn(
        { clientId, retryMs: client.options.reconnectPeriod },
        'external MQTT broker unreachable; reconnecting',
      ),
    );
    client.on('error', (error) => handlers.log.warn({ err: error, clientId }, 'external MQTT broker error'));
    client.handleMessage = (packet, callback) => {
      const mine = generation;
      const isCurrent = () => generation === mine && client.connected;
      handle(packet, isCurrent).then(
        () => {
          if (!isCurrent()) return callback(new Error('connection changed; the broker delivers the message again'));
          callback();
          acknowledged += 1;
        },
        (error: unknown) => {
          lines.note(subjectOf(packet.topic), 'not-acknowledged', messageOf(error));
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    };
    return { client, subscribed: () => client.connected && subscribedIn === generation };
  };

  const opened = Array.from({ length: config.connections }, (_, index) => open(index));
  const clients = opened.map((o) => o.client);

  return {
    downlink: {
      async send(target, payload) {
        const deviceCode = downTopicCode(target);
        if (!isDeviceCode(deviceCode)) throw new Error(`not an IoT code: ${deviceCode}`);
        const client = clients.find((c) => c.connected);
        if (!client) throw new Error('the external MQTT broker is not reachable');
        await client.publishAsync(deviceTopic(deviceCode, 'down'), payload, { qos: 1 });
      },
    },
    refusals: () => ({ ...counts }),
    connected: () => clients.some((c) => c.connected),
    subscribed: () => opened.every((o) => o.subscribed()),
    acknowledged: () => acknowledged,
    async close({ endSession = false } = {}) {
      closing = true;
      const disconnect = endSession ? { properties: { sessionExpiryInterval: 0 } } : {};
      await Promise.all(clients.map((c) => c.endAsync(!endSession, disconnect)));
    },
  };
}
