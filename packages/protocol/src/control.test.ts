import { describe, expect, it } from 'vitest';
import { decodeFrame } from './decode.ts';
import { encodeControl, encodeControlReply } from './encode.ts';
import { FUNCTION_CODES } from './frame.ts';
import { writeFrame } from './frame-writer.ts';
import { toHex } from './hex.ts';

const CODE = 'HP2406A0001';
const bytesOf = (result: ReturnType<typeof encodeControl>): Uint8Array => {
  if (!result.ok) throw new Error(result.error.message);
  return result.bytes;
};

describe('control command and control reply (activate, lock, unlock)', () => {
  it('builds and decodes the documented control frames', () => {
    const lock = bytesOf(encodeControl(CODE, 'lock', { seq: 12 }));
    expect(toHex(lock)).toBe('AA550120000C0B485032343036413030303102E5BE');
    expect(decodeFrame(lock, null)).toMatchObject({
      ok: true,
      frame: { function: 'control', seq: 12, deviceCode: CODE, action: 2, actionName: 'lock' },
    });

    const reply = bytesOf(encodeControlReply(CODE, 'accepted', 'lock', { seq: 12 }));
    expect(toHex(reply)).toBe('AA550121000C0B48503234303641303030310002AEBA');
    expect(decodeFrame(reply, null)).toMatchObject({
      ok: true,
      frame: { function: 'controlReply', seq: 12, status: 0, statusName: 'accepted', action: 2, actionName: 'lock' },
    });

    const refused = bytesOf(encodeControlReply(CODE, 'locked', 'unlock'));
    expect(decodeFrame(refused, null)).toMatchObject({
      ok: true,
      frame: { statusName: 'locked', actionName: 'unlock' },
    });
  });

  it('names an unknown action and refuses a control frame without its action byte or with extra bytes', () => {
    const unknown = writeFrame(FUNCTION_CODES.control, 1, CODE, 1, (out, at) => {
      out[at] = 0x7f;
    });
    expect(decodeFrame(unknown, null)).toMatchObject({ ok: true, frame: { action: 0x7f, actionName: 'unknown' } });
    const empty = writeFrame(FUNCTION_CODES.controlReply, 1, CODE, 1, (out, at) => {
      out[at] = 0;
    });
    expect(decodeFrame(empty, null)).toMatchObject({ ok: false, error: { code: 'frame.truncated' } });
    const extra = writeFrame(FUNCTION_CODES.control, 1, CODE, 2, (out, at) => {
      out[at] = 1;
      out[at + 1] = 9;
    });
    expect(decodeFrame(extra, null)).toMatchObject({ ok: false, error: { code: 'frame.trailingBytes' } });
  });
});
