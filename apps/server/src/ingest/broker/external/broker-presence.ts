import { OfflineReason, type OfflineReasonCode } from '@dcc/contract';
import { isDeviceCode } from '@dcc/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { gatewayStatus } from '../../gateways/gateway-status.ts';
import type { Presence } from '../../presence/presence.ts';

/** What a broker told about a device's connection. */
export type PresenceChange =
  { deviceCode: string; online: true } | { deviceCode: string; online: false; code: OfflineReasonCode };

/**
 * Mosquitto tells nothing of its own about clients; what a device's connection did reaches the server
 * as messages on `dev/{code}/status` (docs/device-protocol.md section 12):
 * - `online`: the device publishes it right after CONNACK (QoS 1, not retained);
 * - `disconnect`: the device publishes it just before a clean DISCONNECT → 200;
 * - `offline`: the device's last will, which Mosquitto publishes for a keep-alive timeout, a broken
 *   socket and a client taken over alike; it cannot say which, so it is 1911 (connection broken), the
 *   one code true of all three. 1910 and 427 are never produced on Mosquitto.
 */
export function mosquittoStatusChange(deviceCode: string, payload: Buffer): PresenceChange | null {
  switch (payload.toString('utf8')) {
    case 'online':
      return { deviceCode, online: true };
    case 'disconnect':
      return { deviceCode, online: false, code: OfflineReason.NORMAL };
    case 'offline':
      return { deviceCode, online: false, code: OfflineReason.CONNECTION_BROKEN };
    default:
      return null;
  }
}

/** EMQX disconnect reasons (its client.disconnected event) and the offline code each one is. */
const EMQX_REASONS: Record<string, OfflineReasonCode> = {
  normal: OfflineReason.NORMAL,
  keepalive_timeout: OfflineReason.HEARTBEAT_TIMEOUT,
  sock_closed: OfflineReason.CONNECTION_BROKEN,
  tcp_closed: OfflineReason.CONNECTION_BROKEN,
  ssl_closed: OfflineReason.CONNECTION_BROKEN,
  closed: OfflineReason.CONNECTION_BROKEN,
  takenover: OfflineReason.SIGNED_IN_ELSEWHERE,
  discarded: OfflineReason.SIGNED_IN_ELSEWHERE,
};

const EMQX_EVENT_TOPIC = /^\$SYS\/brokers\/[^/]+\/clients\/([^/]+)\/(connected|disconnected)$/;

/**
 * An EMQX `$SYS/brokers/{node}/clients/{clientid}/connected|disconnected` event as a presence change,
 * or null when it is not one (another client, a malformed payload). A reason EMQX names that is not in
 * the table (an error of the socket, a protocol error, a kick) ended the connection without the device
 * saying so: 1911.
 */
export function emqxClientEvent(topic: string, payload: Buffer): PresenceChange | null {
  const match = EMQX_EVENT_TOPIC.exec(topic);
  if (!match) return null;
  const [, deviceCode, event] = match as unknown as [string, string, string];
  if (!isDeviceCode(deviceCode)) return null;
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || (body as { clientid?: unknown }).clientid !== deviceCode)
    return null;
  if (event === 'connected') return { deviceCode, online: true };
  const reason = (body as { reason?: unknown }).reason;
  if (typeof reason !== 'string') return null;
  return { deviceCode, online: false, code: EMQX_REASONS[reason] ?? OfflineReason.CONNECTION_BROKEN };
}

/** One connection id per device on an external broker: it does not tell the server its connections apart. */
export const externalConnectionId = (deviceCode: string): string => `external:${deviceCode}`;

/** How long a device seen online is not looked up again on its next report. */
const ONLINE_RECHECK_MS = 60_000;

/**
 * Applies what the broker tells to the device presence, and marks a device online on a report when the
 * registry has it offline (a device that does not send `online`, or whose `online` went to another
 * instance before a restart).
 */
export function brokerPresence(db: Kysely<DB>, presence: Presence) {
  const seenOnline = new Map<string, number>();
  const children = gatewayStatus(db, presence);
  const apply = async (change: PresenceChange, at: Date): Promise<void> => {
    const connectionId = externalConnectionId(change.deviceCode);
    if (change.online) {
      seenOnline.set(change.deviceCode, at.getTime());
      await presence.online(change.deviceCode, connectionId, at);
    } else {
      seenOnline.delete(change.deviceCode);
      await presence.offline(change.deviceCode, connectionId, change.code, at);
    }
  };
  return {
    apply,
    /** A device's own connection message, or a gateway's about a child; false (counted) for anything else. */
    async onStatus(deviceCode: string, payload: Buffer, at: Date): Promise<boolean> {
      const change = mosquittoStatusChange(deviceCode, payload);
      if (change) await apply(change, at);
      return change !== null || (await children(deviceCode, payload, at)) === 'applied';
    },
    async onBrokerEvent(topic: string, payload: Buffer, at: Date): Promise<boolean> {
      const change = emqxClientEvent(topic, payload);
      if (change) await apply(change, at);
      return change !== null;
    },
    async onUplink(deviceCode: string, at: Date): Promise<void> {
      const seen = seenOnline.get(deviceCode);
      if (seen !== undefined && at.getTime() - seen < ONLINE_RECHECK_MS) return;
      seenOnline.set(deviceCode, at.getTime());
      const row = await db
        .selectFrom('devices')
        .select('connected')
        .where('device_code', '=', deviceCode)
        .executeTakeFirst();
      if (row && !row.connected) await presence.online(deviceCode, externalConnectionId(deviceCode), at);
    },
  };
}
