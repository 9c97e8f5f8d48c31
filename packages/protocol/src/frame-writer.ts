import { crc16Modbus } from './crc16.ts';
import { FRAME_HEAD, isDeviceCodeByte, MAX_DEVICE_CODE_LENGTH, PROTOCOL_VERSION } from './frame.ts';

/** One register entry to put on the wire: its address, width in bytes and unsigned raw. */
export interface WireEntry {
  address: number;
  width: number;
  raw: number;
}

/** Why a device code cannot go in a frame; null when it can. */
export function deviceCodeProblem(deviceCode: unknown): string | null {
  if (typeof deviceCode !== 'string' || deviceCode.length === 0 || deviceCode.length > MAX_DEVICE_CODE_LENGTH) {
    return `The device code must be 1-${MAX_DEVICE_CODE_LENGTH} characters`;
  }
  for (let k = 0; k < deviceCode.length; k++) {
    if (!isDeviceCodeByte(deviceCode.charCodeAt(k)))
      return `The device code may hold printable ASCII only (no spaces): '${deviceCode}'`;
  }
  return null;
}

/** Lays out head, version, function, sequence, device code, body and CRC; the body writer fills its bytes from `at`. */
export function writeFrame(
  functionCode: number,
  seq: number,
  deviceCode: string,
  bodyLength: number,
  writeBody: (out: Uint8Array, at: number) => void,
): Uint8Array {
  const out = new Uint8Array(7 + deviceCode.length + bodyLength + 2);
  out[0] = FRAME_HEAD >>> 8;
  out[1] = FRAME_HEAD & 0xff;
  out[2] = PROTOCOL_VERSION;
  out[3] = functionCode;
  out[4] = (seq >>> 8) & 0xff;
  out[5] = seq & 0xff;
  out[6] = deviceCode.length;
  for (let k = 0; k < deviceCode.length; k++) out[7 + k] = deviceCode.charCodeAt(k);
  writeBody(out, 7 + deviceCode.length);
  const end = out.length - 2;
  const crc = crc16Modbus(out, 0, end);
  out[end] = crc & 0xff;
  out[end + 1] = crc >>> 8;
  return out;
}

/** Size in bytes of a count and a run of entries. */
export function entriesLength(entries: readonly WireEntry[]): number {
  let n = 2;
  for (const e of entries) n += 2 + e.width;
  return n;
}

/** Writes a count (uint16) and the entries, big-endian; returns the offset after them. */
export function writeEntries(out: Uint8Array, at: number, entries: readonly WireEntry[]): number {
  out[at++] = entries.length >>> 8;
  out[at++] = entries.length & 0xff;
  for (const e of entries) {
    out[at++] = e.address >>> 8;
    out[at++] = e.address & 0xff;
    for (let b = e.width - 1; b >= 0; b--) out[at++] = Math.floor(e.raw / 2 ** (8 * b)) & 0xff;
  }
  return at;
}
