import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';

describe('canonical JSON', () => {
  it('gives equal text for equal documents whatever the key order, at every level', () => {
    expect(canonicalJson({ b: 1, a: [{ y: null, x: 'v' }], c: { e: true, d: 2 } })).toBe(
      canonicalJson({ c: { d: 2, e: true }, a: [{ x: 'v', y: null }], b: 1 }),
    );
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('keeps array order and values apart', () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });
});
