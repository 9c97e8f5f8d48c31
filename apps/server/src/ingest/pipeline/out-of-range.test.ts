import { compileTable } from '@dcc/protocol';
import { describe, expect, it } from 'vitest';
import { countOutOfRange, countOutside, type PointRanges } from './out-of-range.ts';

const table = (() => {
  const compiled = compileTable([
    { address: 3, code: 'setHot', name: 'Hot', mode: 'RW', byteLength: 2, valueRange: '30..$21$' },
    { address: 4, code: 'setHeat', name: 'Heat', mode: 'RW', byteLength: 2, valueRange: '20..55' },
    { address: 13, code: 'tAmb', name: 'Ambient', mode: 'R', byteLength: 2 },
    { address: 21, code: 'maxSet', name: 'Max', mode: 'RW', byteLength: 2, valueRange: '40..80' },
  ]);
  if (!compiled.ok) throw new Error('table');
  return compiled.table;
})();

describe('out-of-range readings', () => {
  it('counts readings outside a constant range or one that names another point', () => {
    const current = new Map([[21, 60]]);
    expect(
      countOutOfRange(
        [
          { address: 4, value: 56 },
          { address: 3, value: 61 },
          { address: 13, value: 999 },
        ],
        table,
        current,
      ),
    ).toBe(2);
    expect(
      countOutOfRange(
        [
          { address: 4, value: 55 },
          { address: 3, value: 30 },
          { address: 4, value: null },
        ],
        table,
        current,
      ),
    ).toBe(0);
  });

  it('skips a range whose referenced point has no value yet, and a device without a table', () => {
    expect(countOutOfRange([{ address: 3, value: 99 }], table, new Map())).toBe(0);
    expect(countOutOfRange([{ address: 4, value: 99 }], null, new Map())).toBe(0);
  });

  it('counts readings outside constant ranges with open ends, as a thing model gives them, without current values', () => {
    const ranges: PointRanges = new Map([
      [2, { min: { kind: 'number', value: 35 }, max: { kind: 'number', value: 75 } }],
      [5, { min: { kind: 'open' }, max: { kind: 'number', value: 10 } }],
    ]);
    expect(
      countOutside(
        [
          { address: 2, value: 76 },
          { address: 2, value: 34.9 },
          { address: 5, value: -1e9 },
          { address: 5, value: 10.5 },
          { address: 1, value: 999 },
        ],
        ranges,
      ),
    ).toBe(3);
    expect(
      countOutside(
        [
          { address: 2, value: 35 },
          { address: 2, value: 75 },
          { address: 2, value: null },
        ],
        ranges,
      ),
    ).toBe(0);
  });
});
