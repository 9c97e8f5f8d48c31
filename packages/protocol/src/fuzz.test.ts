import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16Modbus } from './crc16.ts';
import { decodeFrame, type DecodeResult } from './decode.ts';
import { DEMO_HEAT_PUMP_VALUES, demoHeatPumpTable } from './demo-table.ts';
import { encodeReport } from './encode.ts';

const table = demoHeatPumpTable();
const enc = encodeReport(
  'HP2406A0001',
  [...DEMO_HEAT_PUMP_VALUES].map(([address, value]) => ({ address, value })),
  table,
  { seq: 42 },
);
if (!enc.ok) throw new Error(enc.error.message);
const valid = enc.bytes;

const CLEAR =
  /^frame\.(tooShort|badHead|unsupportedVersion|crcMismatch|unknownFunction|badDeviceCode|truncated|trailingBytes|unknownAddress|splitPair|duplicateAddress|badField)$/;

function mustNotThrow(bytes: Uint8Array): DecodeResult {
  let r: DecodeResult | undefined;
  expect(() => (r = decodeFrame(bytes, table))).not.toThrow();
  return r!;
}

function expectClearRefusal(r: DecodeResult) {
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.code).toMatch(CLEAR);
  expect(r.error.offset).toBeGreaterThanOrEqual(0);
  expect(r.error.message.length).toBeGreaterThan(10);
}

const fixCrc = (b: Uint8Array) => {
  if (b.length >= 2) {
    const crc = crc16Modbus(b, 0, b.length - 2);
    b[b.length - 2] = crc & 0xff;
    b[b.length - 1] = crc >>> 8;
  }
  return b;
};

describe('decodeFrame fuzz: never throws, always a clear code', () => {
  it('decodes the untouched frame (the fuzz starts from a valid one)', () => {
    expect(decodeFrame(valid, table).ok).toBe(true);
  });

  it('refuses random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => expectClearRefusal(mustNotThrow(b))),
      { numRuns: 5000 },
    );
  });

  it('refuses random bytes behind a valid head and version', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (tail) =>
        expectClearRefusal(mustNotThrow(Uint8Array.of(0xaa, 0x55, 0x01, ...tail))),
      ),
      { numRuns: 5000 },
    );
  });

  it('decodes or refuses random bodies that carry a correct CRC, never throwing', () => {
    const codes = new Set<string>();
    fc.assert(
      fc.property(
        fc.constantFrom(0x01, 0x02, 0x03, 0x10, 0x11, 0x7f),
        fc.uint8Array({ maxLength: 120 }),
        (fn, body) => {
          const b = fixCrc(Uint8Array.of(0xaa, 0x55, 0x01, fn, 0, 1, 4, 0x44, 0x45, 0x56, 0x31, ...body, 0, 0));
          const r = mustNotThrow(b);
          if (!r.ok) {
            expect(r.error.code).toMatch(CLEAR);
            codes.add(r.error.code);
          }
        },
      ),
      { numRuns: 5000 },
    );
    expect(codes).toContain('frame.unknownAddress');
    expect(codes).toContain('frame.truncated');
  });

  it('refuses every truncation of a valid frame', () => {
    for (let n = 0; n < valid.length; n++) expectClearRefusal(mustNotThrow(valid.slice(0, n)));
  });

  it('refuses every single bit flip of a valid frame', () => {
    for (let i = 0; i < valid.length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        const b = valid.slice();
        b[i]! ^= 1 << bit;
        expectClearRefusal(mustNotThrow(b));
      }
    }
  });

  it('refuses truncations whose CRC was recomputed (structure errors, not CRC)', () => {
    for (let n = 10; n < valid.length; n++) {
      const b = fixCrc(Uint8Array.of(...valid.slice(0, n - 2), 0, 0));
      expectClearRefusal(mustNotThrow(b));
    }
  });

  it('never throws on random multi-byte corruption with a recomputed CRC', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: fc.nat({ max: valid.length - 3 }), value: fc.integer({ min: 0, max: 255 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        (edits) => {
          const b = valid.slice();
          for (const e of edits) b[e.at] = e.value;
          const r = mustNotThrow(fixCrc(b));
          if (!r.ok) expect(r.error.code).toMatch(CLEAR);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
