import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors.ts';

describe('ErrorCode', () => {
  it('gives every error a code of its own', () => {
    const names = new Map<number, string[]>();
    for (const [name, code] of Object.entries(ErrorCode)) names.set(code, [...(names.get(code) ?? []), name]);
    expect([...names.values()].filter((shared) => shared.length > 1)).toEqual([]);
  });
});
