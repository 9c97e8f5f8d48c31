import type { Locale } from './envelope.ts';
import { translate } from './messages/index.ts';

/**
 * What a logged packet was (raw_packets.kind): a frame's function (the protocol package's FUNCTION_CODES), an
 * Alink message's (reply, propertyPost, eventPost, serviceCall), or a command the platform sent. Each has a name in
 * both languages (telemetry.packetKind.*).
 */
export const PACKET_KINDS = [
  'report',
  'heartbeat',
  'readRequest',
  'setCommand',
  'setReply',
  'control',
  'controlReply',
  'otaNotify',
  'otaProgress',
  'otaCancel',
  'reply',
  'propertyPost',
  'eventPost',
  'serviceCall',
  'command',
] as const;
export type PacketKind = (typeof PACKET_KINDS)[number];

const KNOWN = new Set<string>(PACKET_KINDS);

/** A packet kind's name in `locale` (null for none); a kind this list does not know is named as another message, never shown raw. */
export const packetKindName = (locale: Locale, kind: string | null): string | null =>
  kind === null ? null : translate(locale, `telemetry.packetKind.${KNOWN.has(kind) ? kind : 'other'}`);
