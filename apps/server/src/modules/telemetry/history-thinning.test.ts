import { describe, expect, it } from 'vitest';
import { thinHistory } from './history-thinning.ts';

const STEP = 30_000;
/** A week at 30 s of two curves: a slow wave, and a ramp with one spike and one gap. */
function week() {
  const count = 20_160;
  const times = Array.from({ length: count }, (_, k) => 1_700_000_000_000 + k * STEP);
  const wave = times.map((_, k) => Math.round(Math.sin(k / 500) * 100) / 10);
  const ramp: Array<number | null> = times.map((_, k) => k / 100);
  ramp[7_777] = 999;
  ramp[12_345] = null;
  return {
    times,
    addressList: [
      { address: 10, valueList: wave },
      { address: 11, valueList: ramp },
    ],
  };
}

describe('thinning a curve for the chart', () => {
  it('answers a history within the bound whole', () => {
    const history = { times: [1, 2, 3], addressList: [{ address: 1, valueList: [1, null, 3] }] };
    expect(thinHistory(history, 100)).toEqual({ ...history, thinned: false });
    expect(thinHistory(week(), undefined).thinned).toBe(false);
    expect(thinHistory(week(), undefined).times).toHaveLength(20_160);
  });

  it('keeps at most maxPoints stored frames, oldest first, with the first and the last', () => {
    const full = week();
    for (const maxPoints of [100, 2000, 5000]) {
      const thin = thinHistory(full, maxPoints);
      expect(thin.thinned).toBe(true);
      expect(thin.times.length).toBeLessThanOrEqual(maxPoints);
      expect(thin.times.length).toBeGreaterThan(maxPoints / 2);
      expect(thin.times[0]).toBe(full.times[0]);
      expect(thin.times.at(-1)).toBe(full.times.at(-1));
      expect([...thin.times].sort((a, b) => a - b)).toEqual(thin.times);
      // Every frame kept carries its own stored values.
      thin.times.forEach((time, row) => {
        const source = full.times.indexOf(time);
        expect(thin.addressList.map(({ valueList }) => valueList[row])).toEqual(
          full.addressList.map(({ valueList }) => valueList[source]),
        );
      });
    }
  });

  it("keeps every curve's peaks and its gaps", () => {
    const full = week();
    const thin = thinHistory(full, 500);
    const [wave, ramp] = thin.addressList.map(({ valueList }) => valueList);
    expect(Math.max(...(wave!.filter((v) => v !== null) as number[]))).toBe(
      Math.max(...(full.addressList[0]!.valueList as number[])),
    );
    expect(Math.min(...(wave!.filter((v) => v !== null) as number[]))).toBe(
      Math.min(...(full.addressList[0]!.valueList as number[])),
    );
    expect(ramp).toContain(999);
    expect(ramp).toContain(null);
    expect(thin.times).toContain(full.times[7_777]);
    expect(thin.times).toContain(full.times[12_345]);
  });
});
