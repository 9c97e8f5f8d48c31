const BYTE_HEX: readonly string[] = Array.from({ length: 256 }, (_, b) =>
  b.toString(16).toUpperCase().padStart(2, '0'),
);

/** Uppercase hex of bytes[start, end), no separators (the device log and the decoder's `raw`). */
export function toHex(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let out = '';
  for (let i = start; i < end; i++) out += BYTE_HEX[bytes[i]!];
  return out;
}

/** Bytes from hex text; spaces, colons, dashes and a 0x prefix are tolerated. Null when not hex. */
export function fromHex(text: string): Uint8Array | null {
  const clean = text.replace(/^0x/i, '').replace(/[\s:-]/g, '');
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) return null;
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** A 16-bit number as four uppercase hex digits (CRC codes, packet heads). */
export function hex16(value: number): string {
  return BYTE_HEX[(value >>> 8) & 0xff]! + BYTE_HEX[value & 0xff]!;
}
