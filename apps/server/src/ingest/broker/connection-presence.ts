import { randomUUID } from 'node:crypto';
import { isRevocationCode, OfflineReason, type OfflineReasonCode, type RevocationCode } from '@dcc/contract';
import type { Aedes, Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Presence } from '../presence/presence.ts';

/**
 * Turns the embedded broker's connection events into presence with the reason of spec section 8:
 * 200 a clean DISCONNECT, 1910 keep-alive timeout, 1911 a connection that broke (or that the server
 * closed unacknowledged), 427 the same IoT code signed in elsewhere, 401/521/522 its credential
 * changed, deleted or disabled while connected. Writes of one device run in order, so a take-over reads "off 427, on 200".
 */
export interface ConnectionPresence {
  /** A CONNECT of `client` passed sign-in: it gets a connection id, and an older connection of the same code is marked 427. */
  signedIn(client: Client): void;
  /** Closes the device's connection with `code`; false when it is not connected here. */
  kick(deviceCode: string, code: RevocationCode): boolean;
  /** Whether `client`'s connection was closed because what it signed in with no longer holds: what it sent is not stored. */
  revoked(client: Client): boolean;
  /** The server is stopping: no more writes (the restart reconciliation decides), pending ones finish. */
  stop(): Promise<void>;
}

/** The clients signed in, by IoT code (Aedes keeps them but does not declare the field). */
export const connectedClients = (broker: Aedes): Record<string, Client | undefined> =>
  (broker as unknown as { clients: Record<string, Client | undefined> }).clients;

interface Connection {
  id: string;
  reason?: OfflineReasonCode;
}

export function connectionPresence(broker: Aedes, presence: Presence, log: FastifyBaseLogger): ConnectionPresence {
  const connections = new WeakMap<Client, Connection>();
  const queues = new Map<string, Promise<void>>();
  let stopped = false;

  const inOrder = (deviceCode: string, write: () => Promise<void>) => {
    if (stopped) return;
    const next = (queues.get(deviceCode) ?? Promise.resolve())
      .then(write)
      .catch((error: unknown) => log.warn({ err: error, deviceCode }, 'device presence could not be recorded'));
    queues.set(deviceCode, next);
    void next.then(() => {
      if (queues.get(deviceCode) === next) queues.delete(deviceCode);
    });
  };

  broker.on('client', (client: Client) => {
    const connection = connections.get(client);
    if (connection) inOrder(client.id, () => presence.online(client.id, connection.id));
  });
  broker.on('keepaliveTimeout', (client: Client) => {
    const connection = connections.get(client);
    if (connection) connection.reason ??= OfflineReason.HEARTBEAT_TIMEOUT;
  });
  broker.on('clientDisconnect', (client: Client) => {
    const connection = connections.get(client);
    if (!connection) return;
    const cleanly = (client as unknown as { _disconnected: boolean })._disconnected;
    const code = connection.reason ?? (cleanly ? OfflineReason.NORMAL : OfflineReason.CONNECTION_BROKEN);
    inOrder(client.id, () => presence.offline(client.id, connection.id, code));
  });

  return {
    signedIn(client) {
      const older = connectedClients(broker)[client.id];
      const olderConnection = older && older !== client ? connections.get(older) : undefined;
      if (olderConnection) olderConnection.reason = OfflineReason.SIGNED_IN_ELSEWHERE;
      connections.set(client, { id: randomUUID() });
    },
    kick(deviceCode, code) {
      const client = connectedClients(broker)[deviceCode];
      const connection = client && connections.get(client);
      if (!client || !connection) return false;
      connection.reason = code;
      client.close();
      return true;
    },
    revoked: (client) => isRevocationCode(connections.get(client)?.reason),
    async stop() {
      stopped = true;
      await Promise.all(queues.values());
    },
  };
}
