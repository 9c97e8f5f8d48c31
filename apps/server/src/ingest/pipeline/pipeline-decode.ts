import { crc32 } from 'node:zlib';
import {
  decodeFrameValues,
  parseAlinkReply,
  parseAlinkRequest,
  type DecodedFault,
  type Heartbeat,
} from '@dcc/protocol';
import type { DeviceSignal } from '../../db/schema-devices.ts';
import type { DeviceEvent } from '../../events/device-events.ts';
import type { DeviceProfile } from '../profiles/device-profiles.ts';
import type { UplinkMessage } from '../device-link.ts';
import type { MessageSubject } from '../gateways/gateway-frames.ts';
import type { CurrentValues } from './current-lookup.ts';
import { countOutOfRange, countOutside } from './out-of-range.ts';
import type { ThingModelIndex } from '../profiles/thing-model-addresses.ts';
import { dayOfIso } from '../../db/partition-day.ts';

/** Refusal reasons of the ingest itself (the decoders' codes are 'frame.*' and 'alink.*'). */
export type IngestRefusal =
  | 'ingest.oversized'
  | 'ingest.unknownDevice'
  | 'ingest.deviceMismatch'
  | 'ingest.unexpectedFunction'
  | 'ingest.unknownProperty'
  | 'ingest.topologyMissing';

/** A point value of a stored message. */
export interface PointReading {
  address: number;
  value: number | null;
}

/** One message decoded: what the write stores for it and what is published after. */
export interface DecodedMessage {
  message: UplinkMessage;
  /** Null for an unknown device (counted only: there is no device to keep its packet under). */
  profile: DeviceProfile | null;
  /** message.receivedAt as an ISO string (made once: every statement of the write sends it). */
  at: string;
  day: string;
  /** The idempotency key with device and day: frame sequence number (-1 for Alink) and CRC-32 of the payload. */
  seq: number;
  digest: number;
  /** Frame function or Alink kind; null when refused. */
  kind: string | null;
  refusal: string | null;
  /** Values for history and latest values (reports, read answers, set replies, property posts). */
  readings: PointReading[];
  /** Fault-type points of the message with their active faults. */
  faults: Array<{ address: number; active: DecodedFault[] }>;
  /** Readings outside their point's value range (stored, and counted as abnormal). */
  outOfRange: number;
  heartbeat?: Heartbeat;
  /** The gateway that reported it for its child, on the gateway's own topic (docs/device-protocol.md section 17). */
  gatewayCode?: string;
  reply?: Extract<DeviceEvent, { kind: 'reply' }>;
  /** A firmware-upgrade progress report, published for the OTA module after the store. */
  ota?: Extract<DeviceEvent, { kind: 'ota' }>;
}

/** Heartbeat signal in dBm to the spec's three levels; -128 (unknown) gives none. */
export function signalOf(rssi: number): DeviceSignal | null {
  if (rssi <= -128) return null;
  if (rssi >= -70) return 'strong';
  if (rssi >= -85) return 'moderate';
  return 'weak';
}

const UPLINK_FUNCTIONS = new Set(['report', 'heartbeat', 'setReply', 'controlReply', 'otaProgress']);

export interface DecodeContext {
  maxPayloadBytes: number;
  /** Current values of the device (with this batch's earlier messages), for formulas and ranges that reference other points. */
  current: (deviceId: string) => CurrentValues;
  /** The published thing model of the device's product: property addresses and ranges (loaded before decoding). */
  thingModel: (productId: string) => ThingModelIndex;
}

const blank = (message: UplinkMessage, profile: DeviceProfile | undefined): DecodedMessage => {
  const at = message.receivedAt.toISOString();
  return {
    message,
    profile: profile ?? null,
    at,
    day: dayOfIso(at),
    seq: -1,
    digest: crc32(message.payload) | 0,
    kind: null,
    refusal: null,
    readings: [],
    faults: [],
    outOfRange: 0,
  };
};

/**
 * Decodes a message for the unit it speaks for (gateway-frames.ts): a child's message is stored and
 * counted under the child; one for a device that is not the publisher's child is refused under the
 * publisher with 'ingest.topologyMissing' (6401).
 */
export function decodeForSubject(
  message: UplinkMessage,
  subject: MessageSubject,
  profileOf: (code: string) => DeviceProfile | undefined,
  context: DecodeContext,
): DecodedMessage {
  if (subject.kind === 'self') return decodeMessage(message, profileOf(message.deviceCode), context);
  if (subject.kind === 'child')
    return {
      ...decodeMessage({ ...message, deviceCode: subject.childCode }, profileOf(subject.childCode), context),
      gatewayCode: subject.gatewayCode,
    };
  const profile = profileOf(message.deviceCode);
  if (message.payload.length > context.maxPayloadBytes || !profile) return decodeMessage(message, profile, context);
  return { ...blank(message, profile), refusal: 'ingest.topologyMissing' };
}

/** Decodes one message; never throws (a refusal is a result). */
export function decodeMessage(
  message: UplinkMessage,
  profile: DeviceProfile | undefined,
  context: DecodeContext,
): DecodedMessage {
  const payload = message.payload;
  const decoded = blank(message, profile);
  const refuse = (reason: string) => Object.assign(decoded, { refusal: reason, readings: [], faults: [] });
  if (payload.length > context.maxPayloadBytes) return refuse('ingest.oversized');
  if (!profile) return refuse('ingest.unknownDevice');
  if (profile.messageType === 'tm') return decodeAlink(decoded, profile, context, refuse);

  const current = context.current(profile.deviceId);
  const result = decodeFrameValues(payload, profile.table, { current: current.lookup });
  if (!result.ok) return refuse(result.error.code);
  const frame = result.frame;
  decoded.seq = frame.seq;
  if (frame.deviceCode !== profile.deviceCode) return refuse('ingest.deviceMismatch');
  if (!UPLINK_FUNCTIONS.has(frame.function)) return refuse('ingest.unexpectedFunction');
  decoded.kind = frame.function;
  const at = decoded.at;
  if (frame.heartbeat) decoded.heartbeat = frame.heartbeat;
  // A point without faults is already a reading ({ address, value }): a frame without fault-type points is its readings.
  decoded.readings = frame.points;
  for (const p of frame.points) if (p.faults) decoded.faults.push({ address: p.address, active: p.faults });
  if (decoded.faults.length > 0)
    decoded.readings = frame.points.map((p) => (p.faults ? { address: p.address, value: p.value } : p));
  current.add(decoded.readings);
  decoded.outOfRange = countOutOfRange(decoded.readings, profile.table, current);
  if (frame.otaProgress) {
    const { job, status, percent, version } = frame.otaProgress;
    decoded.ota = {
      kind: 'ota',
      deviceId: profile.deviceId,
      deviceCode: profile.deviceCode,
      dealerId: profile.dealerId,
      job: String(job),
      status,
      percent,
      version,
      at,
    };
  }
  if (frame.function === 'setReply' || frame.function === 'controlReply') {
    decoded.reply = {
      kind: 'reply',
      deviceCode: profile.deviceCode,
      seq: frame.seq,
      function: frame.function,
      status: frame.status ?? -1,
      statusName: frame.statusName ?? 'unknown',
      at,
      ...(frame.function === 'setReply' ? { values: decoded.readings } : { action: frame.actionName ?? 'unknown' }),
    };
  }
  return decoded;
}

function decodeAlink(
  decoded: DecodedMessage,
  profile: DeviceProfile,
  context: DecodeContext,
  refuse: (reason: string) => DecodedMessage,
): DecodedMessage {
  const text = decoded.message.payload.toString('utf8');
  const request = parseAlinkRequest(text);
  if (!request.ok) {
    const reply = parseAlinkReply(text);
    if (!reply.ok) return refuse(request.error.code);
    decoded.kind = 'reply';
    const values = propertyReadings(reply.reply.data, context.thingModel(profile.productId).addresses);
    // A property set the device applied (code 200) says its properties' values now, as a set reply frame does:
    // stored and sent live as readings, so the console shows them at once rather than at the next property post.
    if (reply.reply.code === 200) decoded.readings.push(...values);
    decoded.reply = {
      kind: 'reply',
      deviceCode: profile.deviceCode,
      seq: Number(reply.reply.id) || 0,
      function: 'alinkReply',
      status: reply.reply.code,
      statusName: reply.reply.message ?? (reply.reply.code === 200 ? 'success' : 'error'),
      at: decoded.at,
      values,
    };
    return decoded;
  }
  const m = request.message;
  decoded.kind = m.kind;
  if (m.kind !== 'propertyPost') return decoded;
  const model = context.thingModel(profile.productId);
  for (const [identifier, timed] of Object.entries(m.properties)) {
    const address = model.addresses.get(identifier);
    if (address === undefined) return refuse('ingest.unknownProperty');
    const v = timed.value;
    const value = typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'boolean' ? Number(v) : null;
    decoded.readings.push({ address, value });
  }
  // The model's ranges are constants: no current values needed.
  decoded.outOfRange = countOutside(decoded.readings, model.ranges);
  return decoded;
}

/** The values a property set's reply says were applied (its `data`), by address; identifiers the model does not know are left out. */
function propertyReadings(data: Record<string, unknown>, addresses: ReadonlyMap<string, number>): PointReading[] {
  return Object.entries(data).flatMap(([identifier, v]) => {
    const address = addresses.get(identifier);
    return address === undefined || !(typeof v === 'number' || typeof v === 'boolean')
      ? []
      : [{ address, value: Number(v) }];
  });
}
