import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPlatformTimeZone } from '../../../components/time/platformTime.ts';
import { defaultApiLogFilters, toApiLogFilters } from './filters.ts';

/**
 * The API call log screen opens on the last 15 days up to today (issue 22; spec section 5 and 9), counted in the
 * platform's time zone, whatever the machine's: 16:30 UTC on 20 March is already 21 March in China.
 */
const EVENING_IN_UTC = new Date('2026-03-20T16:30:00.000Z');

afterEach(() => {
  setPlatformTimeZone(null);
  vi.useRealTimers();
});

describe('API call log filters', () => {
  it("search the 15 days back up to the platform's today by default, every call of them", () => {
    vi.useFakeTimers({ now: EVENING_IN_UTC, toFake: ['Date'] });
    expect(defaultApiLogFilters()).toEqual({
      operator: '',
      interfaceName: '',
      outcome: '',
      startDate: '2026-03-06',
      endDate: '2026-03-21',
    });
    // A cleared range searches the same days.
    expect(toApiLogFilters({ range: null })).toMatchObject({ startDate: '2026-03-06', endDate: '2026-03-21' });
  });

  it("count the days in another platform zone by that zone's clock", () => {
    vi.useFakeTimers({ now: EVENING_IN_UTC, toFake: ['Date'] });
    setPlatformTimeZone('America/Los_Angeles');
    expect(defaultApiLogFilters()).toMatchObject({ startDate: '2026-03-05', endDate: '2026-03-20' });
  });

  it('end at the day of the search, not of an earlier one', () => {
    vi.useFakeTimers({ now: EVENING_IN_UTC, toFake: ['Date'] });
    defaultApiLogFilters();
    vi.setSystemTime(new Date('2026-04-02T03:00:00.000Z'));
    expect(defaultApiLogFilters()).toMatchObject({ startDate: '2026-03-18', endDate: '2026-04-02' });
  });
});
