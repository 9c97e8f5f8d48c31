import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range.ts';

describe('Range header', () => {
  it('reads a start and end, an open end and a suffix', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'part', start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ kind: 'part', start: 900, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ kind: 'part', start: 990, end: 999 });
    expect(parseRange('bytes=-10', 1000)).toEqual({ kind: 'part', start: 990, end: 999 });
  });
  it('serves the whole file for no or a foreign header, and nothing for a range past the end', () => {
    expect(parseRange(undefined, 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-1', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-1,5-6', 1000)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=5-2', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
  });
});
