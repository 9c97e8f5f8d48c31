import { describe, expect, it } from 'vitest';
import { KeptRow } from './latest-values.ts';

describe("the ingest's copy of a device's latest values (KeptRow)", () => {
  const at = '2026-11-27T07:00:00.000Z';
  const readings = [
    { address: 3, value: 21.5 },
    { address: 1, value: null },
    { address: 9, value: -0 },
  ];

  it('gives back the readings it was made of: order, values and nulls', () => {
    const kept = KeptRow.of({ readings, at, revision: '4' });
    expect(kept.readings).toEqual(readings);
    expect(kept.readings[1]!.value).toBeNull();
    expect([kept.at, kept.revision]).toEqual([at, '4']);
    expect(kept.addresses).toEqual([3, 1, 9]);
  });

  it("keeps one addresses array while the device's frames keep their layout", () => {
    const first = KeptRow.of({ readings, at, revision: '0' });
    const same = KeptRow.of({ readings: readings.map((r) => ({ ...r, value: 1 })), at, revision: '1' }, first);
    const other = KeptRow.of({ readings: [readings[1]!, readings[0]!, readings[2]!], at, revision: '2' }, same);
    expect(same.addresses).toBe(first.addresses);
    expect(other.addresses).not.toBe(first.addresses);
    expect(other.addresses).toEqual([1, 3, 9]);
  });
});
