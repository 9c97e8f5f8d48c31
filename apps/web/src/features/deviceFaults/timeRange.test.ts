import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rangeRequest, toRangeValue, toTimeRange } from './timeRange.ts';

describe('search time range', () => {
  it('turns a picked range into instants and back', () => {
    const filters = toTimeRange([dayjs('2026-11-20T08:00:00Z'), dayjs('2026-11-21T08:00:00Z')]);
    expect(filters).toEqual({ startTime: '2026-11-20T08:00:00.000Z', endTime: '2026-11-21T08:00:00.000Z' });
    expect(toRangeValue(filters)?.map((d) => d?.toISOString())).toEqual([filters.startTime, filters.endTime]);
  });

  it('leaves open ends out of the request', () => {
    expect(toTimeRange(null)).toEqual({ startTime: '', endTime: '' });
    expect(toRangeValue({ startTime: '', endTime: '' })).toBeNull();
    expect(rangeRequest({ startTime: '2026-11-20T08:00:00.000Z', endTime: '' })).toEqual({
      startTime: '2026-11-20T08:00:00.000Z',
    });
  });
});
