import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rangeRequest, toRangeValue, toTimeRange } from './timeRange.ts';

describe('search time range', () => {
  it("reads a picked range as the platform's wall clock (China) whatever the browser's zone, and back", () => {
    const filters = toTimeRange([dayjs('2026-11-20T16:00:00'), dayjs('2026-11-21T16:00:00')]);
    expect(filters).toEqual({ startTime: '2026-11-20T08:00:00.000Z', endTime: '2026-11-21T08:00:00.000Z' });
    expect(toRangeValue(filters)?.map((d) => d?.format('YYYY-MM-DD HH:mm'))).toEqual([
      '2026-11-20 16:00',
      '2026-11-21 16:00',
    ]);
  });

  it('leaves open ends out of the request', () => {
    expect(toTimeRange(null)).toEqual({ startTime: '', endTime: '' });
    expect(toRangeValue({ startTime: '', endTime: '' })).toBeNull();
    expect(rangeRequest({ startTime: '2026-11-20T08:00:00.000Z', endTime: '' })).toEqual({
      startTime: '2026-11-20T08:00:00.000Z',
    });
  });
});
