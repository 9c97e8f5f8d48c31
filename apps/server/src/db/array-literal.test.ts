import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './array-literal.ts';

describe('arrayLiteral', () => {
  it('writes numbers, ids, times and codes bare, and null as NULL', () => {
    expect(arrayLiteral([1, -2.5, '42', null, '2026-11-26T19:00:00.000Z', 'frame.crc', 'ab+/=', true, false])).toBe(
      '{1,-2.5,42,NULL,2026-11-26T19:00:00.000Z,frame.crc,ab+/=,t,f}',
    );
    expect(arrayLiteral([])).toBe('{}');
  });

  it('quotes what array_in would read otherwise, escaping quotes and backslashes', () => {
    expect(arrayLiteral(['{1,2}', 'a b', '', 'NULL', 'null', 'say "hi"', 'back\\slash'])).toBe(
      '{"{1,2}","a b","","NULL","null","say \\"hi\\"","back\\\\slash"}',
    );
  });
});
