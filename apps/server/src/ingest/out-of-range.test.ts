import { compileTable } from '@dcc/protocol';
import { describe, expect, it } from 'vitest';
import { countOutOfRange } from './out-of-range.ts';

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
    expect(countOutOfRange([{ address: 4, value: 56 }, { address: 3, value: 61 }, { address: 13, value: 999 }], table, current)).toBe(2);
    expect(countOutOfRange([{ address: 4, value: 55 }, { address: 3, value: 30 }, { address: 4, value: null }], table, current)).toBe(0);
  });

  it('skips a range whose referenced point has no value yet, and a device without a table', () => {
    expect(countOutOfRange([{ address: 3, value: 99 }], table, new Map())).toBe(0);
    expect(countOutOfRange([{ address: 4, value: 99 }], null, new Map())).toBe(0);
  });
});
