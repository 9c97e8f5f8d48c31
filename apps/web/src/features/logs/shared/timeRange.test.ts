import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastDay, rangeToTimes, timesToRange } from './timeRange.ts';

/** A log tab's range left at its default searches up to the search, not up to when the tab opened. */

afterEach(() => vi.useRealTimers());

describe('a device-log time range', () => {
  it('left at its default ends when searched; a chosen range stays as chosen', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T02:00:00.000Z') });
    const opened = lastDay();
    vi.setSystemTime(Date.parse('2026-11-27T02:10:00.000Z'));
    expect(rangeToTimes(timesToRange(opened))).toEqual({
      startTime: '2026-11-26T02:10:00.000Z',
      endTime: '2026-11-27T02:10:00.000Z',
    });
    const chosen = { startTime: '2026-11-26T01:00:00.000Z', endTime: '2026-11-27T01:00:00.000Z' };
    expect(rangeToTimes(timesToRange(chosen))).toEqual(chosen);
    const shortened = { startTime: '2026-11-26T03:00:00.000Z', endTime: opened.endTime };
    expect(rangeToTimes(timesToRange(shortened))).toEqual(shortened);
  });
});
