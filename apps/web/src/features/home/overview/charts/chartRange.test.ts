import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isFutureMonth, periodDays } from './chartRange.ts';

const today = dayjs('2026-03-15T10:00:00');

describe('the days a dashboard chart covers', () => {
  it('ends a range of days today and counts today among them', () => {
    expect(periodDays({ kind: 'days', days: 1 }, today)).toEqual({ startTime: '2026-03-15', endTime: '2026-03-15' });
    expect(periodDays({ kind: 'days', days: 7 }, today)).toEqual({ startTime: '2026-03-09', endTime: '2026-03-15' });
    expect(periodDays({ kind: 'days', days: 90 }, today)).toEqual({ startTime: '2025-12-16', endTime: '2026-03-15' });
  });

  it('covers a past month whole, and the current month up to today', () => {
    expect(periodDays({ kind: 'month', month: '2026-02' }, today)).toEqual({
      startTime: '2026-02-01',
      endTime: '2026-02-28',
    });
    expect(periodDays({ kind: 'month', month: '2026-03' }, today)).toEqual({
      startTime: '2026-03-01',
      endTime: '2026-03-15',
    });
  });

  it('calls a month after the current one future, never the current one', () => {
    expect(isFutureMonth(dayjs('2026-04-01'), today)).toBe(true);
    expect(isFutureMonth(dayjs('2026-03-31'), today)).toBe(false);
    expect(isFutureMonth(dayjs('2025-12-01'), today)).toBe(false);
  });
});
