import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { curveFromQuery, curveQuery, curveRangeProblem, lastDay, outsideCurveSpan } from './curveRange.ts';

describe('curve range', () => {
  const start = dayjs('2026-11-01T00:00:00Z');
  it('accepts up to 7 days and refuses longer, reversed and missing ranges', () => {
    expect(curveRangeProblem([start, start.add(7, 'day')])).toBeNull();
    expect(curveRangeProblem([start, start.add(7, 'day').add(1, 'second')])).toBe('tooLong');
    expect(curveRangeProblem([start, start.subtract(1, 'minute')])).toBe('endBeforeStart');
    expect(curveRangeProblem(null)).toBe('required');
  });
  it('greys out days more than 7 days from the first one picked', () => {
    expect(outsideCurveSpan(start.add(7, 'day'), start)).toBe(false);
    expect(outsideCurveSpan(start.add(8, 'day'), start)).toBe(true);
    expect(outsideCurveSpan(start.subtract(8, 'day'), start)).toBe(true);
    expect(outsideCurveSpan(start.add(30, 'day'), undefined)).toBe(false);
  });
  it('starts with the last 24 hours', () => {
    const [from, to] = lastDay(start);
    expect(to.diff(from, 'hour')).toBe(24);
  });
  it('keeps a drawn curve in the page query beside the tab, and reads it back', () => {
    const curve = {
      addresses: [13, 14],
      range: { startTime: '2026-11-01T00:00:00.000Z', endTime: '2026-11-02T00:00:00.000Z' },
    };
    const query = curveQuery(new URLSearchParams({ tab: 'curve' }), curve);
    expect(query.get('tab')).toBe('curve');
    expect(curveFromQuery(new URLSearchParams(query.toString()))).toEqual(curve);
  });
});
