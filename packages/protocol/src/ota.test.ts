import { describe, expect, it } from 'vitest';
import { crc16Modbus } from './crc16.ts';
import { decodeFrame } from './decode.ts';
import { encodeOtaCancel, encodeOtaNotify, encodeOtaProgress } from './ota.ts';

const CODE = 'HP2406A0001';
const SHA = 'ab'.repeat(32);
const bytesOf = (r: ReturnType<typeof encodeOtaProgress>) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.bytes;
};
/** The frame with its body bytes changed and the CRC made right again, as a DTU firmware bug would send it. */
function withBody(frame: Uint8Array, change: (body: Uint8Array) => Uint8Array): Uint8Array {
  const start = 7 + frame[6]!;
  const body = change(frame.slice(start, frame.length - 2));
  const out = new Uint8Array(start + body.length + 2);
  out.set(frame.subarray(0, start));
  out.set(body, start);
  const crc = crc16Modbus(out, 0, out.length - 2);
  out[out.length - 2] = crc & 0xff;
  out[out.length - 1] = crc >>> 8;
  return out;
}

describe('OTA frames', () => {
  it('carry a notify, a progress report and a cancel through encode and decode unchanged', () => {
    const notify = {
      job: 4_000_000_001,
      size: 524_288,
      sha256: SHA,
      version: '2.1.0',
      url: 'http://x/ota/f/1?e=1&s=a',
    };
    const n = decodeFrame(bytesOf(encodeOtaNotify(CODE, notify, { seq: 5 })), null);
    expect(n).toMatchObject({
      ok: true,
      frame: { function: 'otaNotify', seq: 5, deviceCode: CODE, otaNotify: notify },
    });
    const progress = { job: 7, status: 0x01, percent: 42, version: '2.0.9' };
    const p = decodeFrame(bytesOf(encodeOtaProgress(CODE, progress)), null);
    expect(p).toMatchObject({ ok: true, frame: { function: 'otaProgress', otaProgress: progress } });
    const c = decodeFrame(bytesOf(encodeOtaCancel(CODE, 7)), null);
    expect(c).toMatchObject({ ok: true, frame: { function: 'otaCancel', otaCancelJob: 7 } });
  });

  it('refuses what a hostile or broken device could send: percent over 100, control bytes, short and long bodies', () => {
    const good = bytesOf(encodeOtaProgress(CODE, { job: 7, status: 1, percent: 42, version: '2.0.9' }));
    const cases: Array<[Uint8Array, string]> = [
      [withBody(good, (b) => b.map((v, k) => (k === 5 ? 101 : v))), 'frame.badField'],
      [withBody(good, (b) => b.map((v, k) => (k === 7 ? 0x0a : v))), 'frame.badField'],
      [withBody(good, (b) => b.map((v, k) => (k === 6 ? 200 : v))), 'frame.badField'],
      [withBody(good, (b) => b.slice(0, 4)), 'frame.truncated'],
      [withBody(good, (b) => new Uint8Array([...b, 0])), 'frame.trailingBytes'],
    ];
    for (const [frame, code] of cases) expect(decodeFrame(frame, null)).toMatchObject({ ok: false, error: { code } });
  });

  it('builds no frame with a version, link or checksum the device could not read', () => {
    expect(encodeOtaNotify(CODE, { job: 1, size: 1, sha256: 'xyz', version: '1', url: 'u' }).ok).toBe(false);
    expect(encodeOtaNotify(CODE, { job: 1, size: 1, sha256: SHA, version: '1 0', url: 'u' }).ok).toBe(false);
    expect(encodeOtaNotify(CODE, { job: 1, size: 1, sha256: SHA, version: '1', url: 'u'.repeat(1025) }).ok).toBe(false);
    expect(encodeOtaProgress(CODE, { job: 1, status: 1, percent: 101, version: '1' }).ok).toBe(false);
  });
});
