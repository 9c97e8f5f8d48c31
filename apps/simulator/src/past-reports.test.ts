import { describe, expect, it } from 'vitest';
import { pastReports } from './past-reports.ts';

const DAY_MS = 86_400_000;
const span = (toMs: number) => ({ fromMs: toMs - 7 * DAY_MS, toMs, stepMs: 30 * 60_000, seed: 'demo-history' });

describe('pastReports', () => {
  it('a week of reports, one per step in time order, for every unit of a 200-device fleet (cold sites included)', () => {
    const toMs = Date.UTC(2026, 0, 15, 6); // a January morning: idle units in frost
    for (let n = 1; n <= 200; n++) {
      const code = `HP2406A${String(n).padStart(4, '0')}`;
      const reports = pastReports({ code, kind: 'heatPump' }, span(toMs));
      expect(reports).toHaveLength(7 * 48);
      expect(reports.at(-1)!.at.getTime()).toBe(toMs);
    }
    const heater = pastReports({ code: 'WH2406X0001', kind: 'waterHeater' }, span(toMs));
    expect(heater.length).toBeGreaterThanOrEqual(7 * 48);
  });

  it('the same seed gives the same history', () => {
    const toMs = Date.UTC(2026, 5, 1);
    const a = pastReports({ code: 'HP2406A0001', kind: 'heatPump' }, span(toMs));
    const b = pastReports({ code: 'HP2406A0001', kind: 'heatPump' }, span(toMs));
    expect(b.map((r) => r.payload.toString('hex'))).toEqual(a.map((r) => r.payload.toString('hex')));
  });
});
