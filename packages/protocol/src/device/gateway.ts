import { FRAME_HEAD, isDeviceCodeByte, MAX_DEVICE_CODE_LENGTH, MIN_FRAME_LENGTH } from '../frame.ts';

/**
 * Gateways (docs/device-protocol.md section 17): a gateway publishes on its own topics for itself and
 * for its children. Which unit a payload speaks for is the device code inside it: the frame's device
 * code, or the `deviceCode` member of an Alink message (absent: the publisher itself).
 */

/** The Alink member naming the unit a gateway speaks for (absent: the gateway itself). */
export const ALINK_DEVICE_CODE_FIELD = 'deviceCode';

const MEMBER_BYTES = new TextEncoder().encode(`"${ALINK_DEVICE_CODE_FIELD}"`);

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0]!;
  for (
    let at = haystack.indexOf(first);
    at !== -1 && at + needle.length <= haystack.length;
    at = haystack.indexOf(first, at + 1)
  ) {
    let k = 1;
    while (k < needle.length && haystack[at + k] === needle[k]) k++;
    if (k === needle.length) return true;
  }
  return false;
}

/**
 * The device code a payload names, read without decoding it: a frame's header code, or an Alink
 * message's `deviceCode`; undefined when it names none (a broken frame, JSON without the member).
 */
export function payloadDeviceCode(payload: Uint8Array): string | undefined {
  if (payload.length >= MIN_FRAME_LENGTH && ((payload[0]! << 8) | payload[1]!) === FRAME_HEAD) {
    const length = payload[6]!;
    if (length === 0 || length > MAX_DEVICE_CODE_LENGTH || 7 + length > payload.length - 2) return undefined;
    for (let k = 7; k < 7 + length; k++) if (!isDeviceCodeByte(payload[k]!)) return undefined;
    // apply reads the bytes as an array-like: a spread would walk an iterator, an object per byte.
    return String.fromCharCode.apply(null, payload.subarray(7, 7 + length) as unknown as number[]);
  }
  // Most Alink messages are a device's own: those are not parsed here.
  if (payload[0] !== 0x7b || !contains(payload, MEMBER_BYTES)) return undefined;
  try {
    const code = (JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>)[ALINK_DEVICE_CODE_FIELD];
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** What a gateway says about a child on its status topic. */
export type GatewayChildEvent = 'online' | 'linkLost' | 'sessionError';

const CHILD_WORDS: Record<GatewayChildEvent, string> = {
  online: 'child-online',
  linkLost: 'child-offline',
  sessionError: 'child-error',
};
const CHILD_EVENTS = new Map(Object.entries(CHILD_WORDS).map(([event, word]) => [word, event as GatewayChildEvent]));

/** The status message of a gateway about a child: `child-online {code}`, `child-offline {code}`, `child-error {code}`. */
export const gatewayChildStatus = (event: GatewayChildEvent, childCode: string): string =>
  `${CHILD_WORDS[event]} ${childCode}`;

/** Reads a gateway's status message about a child; null for anything else (the device's own `online`, a will, junk). */
export function parseGatewayChildStatus(payload: Uint8Array): { event: GatewayChildEvent; childCode: string } | null {
  if (payload.length > 100) return null;
  const match = /^(child-[a-z]+) ([A-Za-z0-9_-]{4,64})$/.exec(new TextDecoder().decode(payload));
  const event = match ? CHILD_EVENTS.get(match[1]!) : undefined;
  return event ? { event, childCode: match![2]! } : null;
}
