import net from 'node:net';
import { OfflineReason, type RevocationCode } from '@dcc/contract';
import { Aedes, type AedesOptions, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { deviceMayPublish, deviceMaySubscribe, deviceTopic, parseDeviceTopic } from '@dcc/protocol';
import type { LinkConfig } from '../../link-config.ts';
import { normalizeIP } from '@fastify/rate-limit';
import { SignInRefusal } from '@dcc/protocol/device-signature';
import { failedProofs, type FailedProofs } from '../../auth/failed-proofs.ts';
import type { DeviceSignInResult } from './broker-auth.ts';
import { connectThrottle, publishThrottle, type ConnectThrottle, type PublishThrottle } from './broker-throttle.ts';
import type { UplinkSink } from '../device-link.ts';
import { downTopicCode, type Downlink } from '../downlink/downlink.ts';
import { OTHER_DEVICES, type LinkCounters } from './link-counters.ts';
import { connectedClients, connectionPresence, type ConnectionPresence } from './connection-presence.ts';
import { OPEN_GATE } from '../pipeline/flow-gate.ts';
import { messageOf } from './refusal-log.ts';
import { socketGate, type GatedClient } from './socket-gate.ts';
import type { GatewayStatusHandler } from '../gateways/gateway-status.ts';
import type { Presence } from '../presence/presence.ts';

/** A device publish the server consumed (stored, or dropped) is re-addressed here: nobody can subscribe to it. */
const CONSUMED_TOPIC = '$link/consumed';

// MQTT 3.1.1 CONNACK return codes (aedes declares them as a const enum).
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

export interface EmbeddedBrokerOptions {
  link: LinkConfig;
  signIn: (credentials: { clientId: string; username?: string; password?: string }) => Promise<DeviceSignInResult>;
  sink: UplinkSink;
  presence: Presence;
  counters: LinkCounters;
  log: FastifyBaseLogger;
  /** A gateway's status message about a child (gateway-status.ts); without it status messages are only consumed. */
  gatewayStatus?: GatewayStatusHandler;
}

export interface EmbeddedBroker {
  /** The port it listens on (the one picked when MQTT_PORT=0). */
  port: number;
  downlink: Downlink;
  /** Closes the connection of a device whose credential changed (401), deleted (521) or disabled (522) while connected. */
  kick(deviceCode: string, code: RevocationCode): boolean;
  isConnected(deviceCode: string): boolean;
  /** Connections signed in and open now. */
  connections(): number;
  close(): Promise<void>;
}

export class DeviceNotConnectedError extends Error {
  constructor(deviceCode: string) {
    super(`device ${deviceCode} is not connected to this server`);
  }
}

/** The part of mqtt-packet's parser (inside Aedes) the size guard wraps: the step that reads a packet's announced remaining length. */
interface MqttParser {
  _parseLength(): boolean;
  packet: { length: number };
}

/** Refusals given only to a caller whose signature was right (a disabled device, a timestamp out of the window). */
const PROVEN_REFUSALS: ReadonlySet<number> = new Set([OfflineReason.DISABLED, SignInRefusal.EXPIRED]);

/** The connection's source address, IPv6 grouped by its /64 (one host usually holds it). */
const sourceAddress = (client: Client): string => {
  const address = (client.conn as Partial<net.Socket>).remoteAddress;
  return address ? normalizeIP(address) : 'unknown';
};

const refusal = (returnCode: number, message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode }) as AuthenticateError;

/** Marks a publish as consumed by the server: routed to no subscriber, never retained. */
function consume(packet: PublishPacket): void {
  packet.topic = CONSUMED_TOPIC;
  packet.retain = false;
}

/**
 * A consumed publish is not handed to the broker's routing at all (for QoS 1, after its PUBACK was
 * written): it would go to no subscriber, yet routing it made an Aedes packet, looked its topic up in
 * the subscriptions and the offline queue (two promises) and emitted it, for every stored frame.
 */
function skipConsumedRouting(broker: Aedes): void {
  // Aedes calls publish(packet, client, done) from its handlers (its types declare only publish(packet, done)).
  type Publish = (packet: PublishPacket, client: unknown, done?: unknown) => void;
  // Looked up at each call, as an instance without this override would.
  const route: Publish = (packet, client, done) =>
    (Aedes.prototype.publish as unknown as Publish).call(broker, packet, client, done);
  const publish: Publish = (packet, client, done) => {
    if (packet.topic !== CONSUMED_TOPIC) return route(packet, client, done);
    const callback = typeof client === 'function' ? client : done;
    if (typeof callback === 'function') (callback as (error?: Error) => void)();
  };
  broker.publish = publish as unknown as Aedes['publish'];
}

/** Drops a publish without acknowledging it: a QoS 1 sender keeps it and redelivers it after reconnecting. */
function drop(packet: PublishPacket): void {
  consume(packet);
  packet.qos = 0;
}

/** The embedded broker's Downlink: a publish from the broker itself to a device connected to this instance (else DeviceNotConnectedError). */
export function embeddedBrokerDownlink(broker: Aedes): Downlink {
  return {
    send: (target, payload) =>
      new Promise<void>((resolve, reject) => {
        const deviceCode = downTopicCode(target);
        if (!connectedClients(broker)[deviceCode]) return reject(new DeviceNotConnectedError(deviceCode));
        broker.publish(
          { cmd: 'publish', topic: deviceTopic(deviceCode, 'down'), payload, qos: 1, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        );
      }),
  };
}

/** What the Aedes hooks share: the broker's options, its throttles, and the connections' presence once the broker exists. */
interface HookContext {
  options: EmbeddedBrokerOptions;
  publishes: PublishThrottle;
  connects: ConnectThrottle;
  failures: FailedProofs;
  /** Set right after the broker is created, before any connection is handled. */
  presence(): ConnectionPresence | null;
}

/**
 * Aedes' authenticate hook: a CONNECT is signed in against the registry. A stranger's failures hold
 * back its address (never the identity it claimed); only a caller that proved the device's secret
 * counts towards the device's reconnect loop.
 */
function authenticateHook(hooks: HookContext): AedesOptions['authenticate'] {
  const { options, connects, failures } = hooks;
  const { counters } = options;
  return (client, username, password, done) => {
    const clientId = client.id;
    const address = sourceAddress(client);
    // A stranger's failures hold back the stranger's address, never the identity it claimed.
    if (!failures.allow(address)) {
      counters.count(OTHER_DEVICES, 'sign-in-failures');
      return done(refusal(SERVER_UNAVAILABLE, 'too many failed sign-ins from this address; try again later'), false);
    }
    options.signIn({ clientId, username, password: password?.toString('utf8') }).then(
      (result) => {
        if (!result.ok && !PROVEN_REFUSALS.has(result.code)) {
          failures.failed(address);
          counters.count(clientId, result.code);
          return done(refusal(BAD_USERNAME_OR_PASSWORD, `refused (${result.code})`), false);
        }
        // Only a caller that proved the device's secret counts towards its reconnect loop.
        if (!connects.allow(clientId)) {
          counters.count(clientId, 'reconnect-loop');
          return done(refusal(SERVER_UNAVAILABLE, 'reconnecting too often; try again later'), false);
        }
        if (!result.ok) {
          counters.count(clientId, result.code);
          return done(
            refusal(
              result.code === OfflineReason.DISABLED ? NOT_AUTHORIZED : BAD_USERNAME_OR_PASSWORD,
              `refused (${result.code})`,
            ),
            false,
          );
        }
        hooks.presence()?.signedIn(client);
        done(null, true);
      },
      (error: unknown) => {
        counters.count(clientId, 'server-unavailable', messageOf(error));
        done(refusal(SERVER_UNAVAILABLE, 'server unavailable'), false);
      },
    );
  };
}

/**
 * Aedes' authorizePublish hook: a device's report goes to the sink and is acknowledged (the hook calls
 * back) only once stored; a gateway's word about a child is applied first; anything else is consumed.
 */
function authorizePublishHook(hooks: HookContext): AedesOptions['authorizePublish'] {
  const { options, publishes } = hooks;
  const { link, sink, counters } = options;
  return (client, packet, done) => {
    // A will left by a connection of before (no client): nothing to do with it.
    if (!client) return void (consume(packet), done(null));
    const deviceCode = client.id;
    const isWill = client.closed;
    if (!deviceMayPublish(deviceCode, packet.topic)) {
      if (!isWill) counters.count(deviceCode, 'publish-forbidden');
      return void (drop(packet), done(null));
    }
    // The status channel carries a device's last will; on this broker presence comes from the connection itself.
    const channel = isWill ? undefined : parseDeviceTopic(packet.topic)?.channel;
    const childWord = channel === 'status' ? options.gatewayStatus : undefined;
    if (channel !== 'up' && !childWord) return void (consume(packet), done(null));
    // Reports and a gateway's words about its children cost the server work: both are bounded and throttled.
    if (packet.payload.length > link.maxPayloadBytes) {
      counters.count(deviceCode, 'payload-too-large');
      return void (drop(packet), done(null));
    }
    if (!publishes.allow(deviceCode)) {
      counters.count(deviceCode, 'publish-throttled');
      return void (drop(packet), done(null));
    }
    if (childWord) return void childStatus(counters, childWord, deviceCode, packet, done);
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    sink
      .store({ deviceCode, payload, receivedAt: new Date(), revoked: () => hooks.presence()?.revoked(client) ?? false })
      .then(
        () => {
          consume(packet);
          done(null);
        },
        (error: unknown) => {
          // Not acknowledged: the connection closes and the device redelivers after reconnecting.
          counters.count(deviceCode, 'store-failed', messageOf(error));
          done(error instanceof Error ? error : new Error(String(error)));
        },
      );
  };
}

/** A gateway's word about a child is applied before its status message is acknowledged; when it cannot be, it is not (as a report that could not be stored). */
function childStatus(
  counters: LinkCounters,
  apply: GatewayStatusHandler,
  deviceCode: string,
  packet: PublishPacket,
  done: (error: Error | null) => void,
): void {
  const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
  apply(deviceCode, payload, new Date()).then(
    (outcome) => {
      if (outcome === OfflineReason.TOPOLOGY_MISSING) counters.count(deviceCode, outcome);
      consume(packet);
      done(null);
    },
    (error: unknown) => {
      counters.count(deviceCode, 'store-failed', messageOf(error));
      done(error instanceof Error ? error : new Error(String(error)));
    },
  );
}

/** Aedes' options: its timeouts and the server's hooks (sign-in, publish, subscribe, forward). */
function aedesOptions(hooks: HookContext): AedesOptions {
  const { counters } = hooks.options;
  return {
    maxClientsIdLength: 64,
    connectTimeout: 10_000,
    heartbeatInterval: 3_600_000,
    // A device that stops reading its socket is dropped instead of stalling deliveries.
    drainTimeout: 30_000,
    authenticate: authenticateHook(hooks),
    authorizePublish: authorizePublishHook(hooks),
    authorizeSubscribe(client, subscription, done) {
      if (!deviceMaySubscribe(client.id, subscription.topic)) {
        counters.count(client.id, 'subscribe-forbidden');
        return done(null, null);
      }
      done(null, { ...subscription, qos: Math.min(subscription.qos, 1) as 0 | 1 });
    },
    authorizeForward: (client, packet) => (packet.topic === deviceTopic(client.id, 'down') ? packet : null),
  };
}

/** A packet announcing more than the hard cap is not buffered at all: the connection closes as soon as its header is read. */
function capPacketSize(
  socket: net.Socket,
  client: { _parser: MqttParser; id: string | null },
  link: LinkConfig,
  counters: LinkCounters,
): void {
  const parser = client._parser;
  const parseLength = parser._parseLength.bind(parser);
  parser._parseLength = () => {
    if (!parseLength()) return false;
    if (parser.packet.length <= link.maxPacketBytes) return true;
    counters.count(client.id ?? 'unknown', 'payload-too-large');
    socket.destroy();
    return false;
  };
}

/**
 * Listens on MQTT_PORT (when it is taken and MQTT_PORT_FALLBACK allows, on a free port instead) and
 * answers the port; when it cannot, closes the broker and throws.
 */
async function listenOn(server: net.Server, broker: Aedes, link: LinkConfig, log: FastifyBaseLogger): Promise<number> {
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, link.mqttHost, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen(link.mqttPort ?? 0).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE' || !link.mqttPortFallback) throw error;
      await listen(0);
      const instead = (server.address() as net.AddressInfo).port;
      log.warn(
        `MQTT port ${link.mqttPort} is taken (another broker?): the embedded broker listens on port ${instead} instead; set MQTT_PORT to choose its port`,
      );
    });
  } catch (error) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `MQTT port ${link.mqttPort} is taken (another broker?): set MQTT_PORT to a free port, or MQTT_PORT=off to start without the embedded broker`,
      );
    }
    throw error;
  }
  return (server.address() as net.AddressInfo).port;
}

/**
 * The embedded MQTT broker (Aedes): the server signs in every CONNECT, authorizes every PUBLISH and
 * SUBSCRIBE, hands each report to the sink and acknowledges a QoS 1 report only once the sink stored
 * it (Aedes writes the PUBACK after authorizePublish calls back). Device messages are consumed, never
 * routed: the only messages delivered to a device are the server's own on its down topic.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { link, sink, counters, log } = options;
  const publishes = publishThrottle(link.publishesPerSecond, link.publishBurst);
  let presence: ConnectionPresence | null = null;
  const hooks: HookContext = {
    options,
    publishes,
    connects: connectThrottle(link.connectsPerMinute, link.reconnectCooldownMs),
    failures: failedProofs({
      perAddress: link.signInFailuresPerAddress,
      global: link.signInFailuresPerMinute,
      cooldownMs: link.reconnectCooldownMs,
    }),
    presence: () => presence,
  };

  const broker = await Aedes.createBroker(aedesOptions(hooks));
  skipConsumedRouting(broker);
  presence = connectionPresence(broker, options.presence, log);
  broker.on('clientDisconnect', (client: Client) => publishes.forget(client.id));

  const gate = socketGate(sink.flow ?? OPEN_GATE);
  const server = net.createServer((socket) => {
    const client = broker.handle(socket) as unknown as GatedClient & { _parser: MqttParser; id: string | null };
    // Over the ingest's high-water mark the server stops reading devices instead of refusing their reports.
    // What a device sent while it waited is not held against its publish rate.
    gate.attach(socket, client, (waitedMs) => {
      if (client.id) publishes.credit(client.id, waitedMs);
    });
    capPacketSize(socket, client, link, counters);
  });
  const port = await listenOn(server, broker, link, log);
  server.on('error', (error) => log.error({ err: error }, 'embedded MQTT broker socket error'));

  return {
    port,
    downlink: embeddedBrokerDownlink(broker),
    kick: (deviceCode, code) => presence?.kick(deviceCode, code) ?? false,
    isConnected: (deviceCode) => Boolean(connectedClients(broker)[deviceCode]),
    connections: () => broker.connectedClients,
    async close() {
      gate.stop();
      await presence?.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    },
  };
}
