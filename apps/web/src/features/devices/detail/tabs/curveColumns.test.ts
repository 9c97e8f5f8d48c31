import { describe, expect, it } from 'vitest';
import { spliceWindow, type CurveColumns } from './curveColumns.ts';

const columns = (times: number[], values: Array<number | null>): CurveColumns => ({
  times,
  curves: [{ name: 'tAmb', values }],
});

describe('a zoomed window drawn closer', () => {
  it('replaces the frames inside the window by the closer answer and keeps those around it', () => {
    const whole = columns([0, 10, 20, 30, 40], [0, 1, 2, 3, 4]);
    const closer = columns([9, 12, 15, 18, 21, 24, 31], [9, 12, 15, 18, 21, 24, 31]);
    expect(spliceWindow(whole, closer, { start: 10, end: 30 })).toEqual(
      columns([0, 12, 15, 18, 21, 24, 40], [0, 12, 15, 18, 21, 24, 4]),
    );
  });

  it('keeps the names and the gaps, and leaves the whole as it was when the window is past its end', () => {
    const whole = columns([0, 10], [0, null]);
    expect(spliceWindow(whole, columns([11, 12], [null, 5]), { start: 11, end: 12 })).toEqual(
      columns([0, 10, 11, 12], [0, null, null, 5]),
    );
    expect(spliceWindow(whole, columns([], []), { start: 50, end: 60 })).toEqual(whole);
  });
});
