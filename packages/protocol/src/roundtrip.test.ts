import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileTable } from './compile-table.ts';
import type { ByteLength, DataType } from './data-type.ts';
import { decodeFrame } from './decode.ts';
import { encodeReport, encodeSetCommand } from './encode.ts';
import type { PointDef } from './points.ts';

// Data types whose send rule inverts the report rule: scale (and an offset) of the raw integer.
const TYPES: (DataType & { toValue: (k: number) => number })[] = [
  { name: 'u', reportRule: '', sendRule: '', signed: false, sortOrder: 1, toValue: (k) => k },
  { name: 's', reportRule: '', sendRule: '', signed: true, sortOrder: 2, toValue: (k) => k },
  { name: 's10', reportRule: 'x / 10', sendRule: 'x * 10', signed: true, sortOrder: 3, toValue: (k) => k / 10 },
  { name: 'u100', reportRule: 'x / 100', sendRule: 'x * 100', signed: false, sortOrder: 4, toValue: (k) => k / 100 },
  { name: 'off', reportRule: 'x - 40', sendRule: 'x + 40', signed: false, sortOrder: 5, toValue: (k) => k - 40 },
];

interface Spec {
  byteLength: ByteLength;
  highLow: boolean;
  type: number;
  k: number;
}

const rawBounds = (byteLength: ByteLength, signed: boolean): [number, number] => {
  const span = 2 ** (8 * byteLength);
  return signed ? [-span / 2, span / 2 - 1] : [0, span - 1];
};

// A point: its width, whether 32 bits travel as a register pair, its data type and a raw integer k in range.
const pointSpec: fc.Arbitrary<Spec> = fc
  .record({
    byteLength: fc.constantFrom<ByteLength>(1, 2, 4),
    highLow: fc.boolean(),
    type: fc.integer({ min: 0, max: TYPES.length - 1 }),
  })
  .chain((p) => {
    const [lo, hi] = rawBounds(p.byteLength, TYPES[p.type]!.signed);
    return fc.integer({ min: lo, max: hi }).map((k) => ({ ...p, highLow: p.highLow && p.byteLength === 4, k }));
  });

const tableAndValues = fc.array(pointSpec, { minLength: 1, maxLength: 60 }).chain((specs) =>
  fc
    .shuffledSubarray(
      specs.map((_, i) => i),
      { minLength: 1 },
    )
    .map((order) => ({ specs, order })),
);

// Point 60000 is a limit that no command sets; ranges of the form `lo..$60000$` resolve against it.
const LIMIT = 60000;

function build(specs: Spec[], withRanges = false) {
  const points: PointDef[] = specs.map((s, i) => {
    const address = i * 2 + 1;
    const pair = s.highLow ? { highLow: true, highPoint: address, lowPoint: address + 1 } : {};
    const v = TYPES[s.type]!.toValue(s.k);
    const valueRange = !withRanges ? undefined : i % 2 ? `${v}..${v + 1}` : `${v - 0.5}..$${LIMIT}$`;
    return {
      address,
      code: `p${address}`,
      name: `P${address}`,
      mode: 'RW',
      byteLength: s.byteLength,
      dataType: TYPES[s.type]!.name,
      ...pair,
      ...(valueRange ? { valueRange } : {}),
    };
  });
  points.push({ address: LIMIT, code: 'limit', name: 'Limit', mode: 'R', byteLength: 4 });
  const c = compileTable(points, TYPES);
  if (!c.ok) throw new Error(c.errors[0]!.message);
  const top = Math.max(...specs.map((s) => TYPES[s.type]!.toValue(s.k)));
  return { table: c.table, points, current: new Map([[LIMIT, top]]) };
}

describe('round trip (property-based)', () => {
  it('encodeReport then decodeFrame gives back every value, in frame order', () => {
    fc.assert(
      fc.property(
        tableAndValues,
        fc.string({ unit: fc.constantFrom(...'ABCDEFGHJK0123456789-_'), minLength: 1, maxLength: 64 }),
        fc.integer({ min: 0, max: 0xffff }),
        ({ specs, order }, deviceCode, seq) => {
          const { table, points } = build(specs);
          const values = order.map((i) => ({
            address: points[i]!.address,
            value: TYPES[specs[i]!.type]!.toValue(specs[i]!.k),
          }));
          const enc = encodeReport(deviceCode, values, table, { seq });
          if (!enc.ok) throw new Error(enc.error.message);
          const dec = decodeFrame(enc.bytes, table);
          if (!dec.ok) throw new Error(dec.error.message);
          expect(dec.frame).toMatchObject({ deviceCode, seq, function: 'report' });
          expect(dec.frame.points.map((p) => [p.address, p.value])).toEqual(values.map((v) => [v.address, v.value]));
          expect(dec.frame.points.map((p) => p.rawValue)).toEqual(order.map((i) => specs[i]!.k));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a set command within ranges (constant or $n$ ends) decodes to the values that were set', () => {
    fc.assert(
      fc.property(tableAndValues, ({ specs, order }) => {
        const { table, points, current } = build(specs, true);
        const values = order.map((i) => ({
          address: points[i]!.address,
          value: TYPES[specs[i]!.type]!.toValue(specs[i]!.k),
        }));
        const enc = encodeSetCommand('SIM-1', values, table, { current });
        if (!enc.ok) throw new Error(enc.error.message);
        const dec = decodeFrame(enc.bytes, table);
        expect(dec.ok && dec.frame.points.map((p) => p.value)).toEqual(values.map((v) => v.value));
      }),
      { numRuns: 200 },
    );
  });

  it('a set command outside a range is refused as below or above, naming the point', () => {
    fc.assert(
      fc.property(tableAndValues, fc.nat(), fc.boolean(), ({ specs }, pick, low) => {
        const { table, points, current } = build(specs, true);
        const i = pick % specs.length;
        const v = TYPES[specs[i]!.type]!.toValue(specs[i]!.k);
        const limit = i % 2 ? v + 1 : current.get(LIMIT)!;
        const value = low ? v - 1 : limit + 1;
        const enc = encodeSetCommand('SIM-1', [{ address: points[i]!.address, value }], table, { current });
        expect(enc).toMatchObject({
          ok: false,
          error: { code: low ? 'encode.belowRange' : 'encode.aboveRange', address: points[i]!.address },
        });
      }),
      { numRuns: 300 },
    );
  });
});
