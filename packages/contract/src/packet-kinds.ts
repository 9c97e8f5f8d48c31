import type { Locale } from './envelope.ts';
import { codeNames } from './messages/index.ts';

/**
 * The kinds of a logged packet (raw_packets.kind) that are a frame's function (the protocol package's FUNCTION_CODES):
 * named as the frame inspector names the function (catalog.frame.function.*).
 */
export const FRAME_FUNCTION_KINDS = [
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
] as const;

/** The other kinds: an Alink message's (reply, propertyPost, eventPost, serviceCall) or a command the platform sent (telemetry.packetKind.*). */
export const MESSAGE_KINDS = ['reply', 'propertyPost', 'eventPost', 'serviceCall', 'command'] as const;

/** What a logged packet was. */
export const PACKET_KINDS = [...FRAME_FUNCTION_KINDS, ...MESSAGE_KINDS] as const;
export type PacketKind = (typeof PACKET_KINDS)[number];

const FRAME_FUNCTIONS = new Set<string>(FRAME_FUNCTION_KINDS);
const kindName = codeNames(
  PACKET_KINDS,
  (kind) => (FRAME_FUNCTIONS.has(kind) ? `catalog.frame.function.${kind}` : `telemetry.packetKind.${kind}`),
  'telemetry.packetKind.other',
);

/** A packet kind's name in `locale` (null for none); a kind these lists do not know is named as another message, never shown raw. */
export const packetKindName = (locale: Locale, kind: string | null): string | null =>
  kind === null ? null : kindName(locale, kind);
