import { describe, expect, it } from 'vitest';
import { SequenceNumbers } from './sequence-numbers.ts';

describe('SequenceNumbers', () => {
  it('never gives a number still outstanding for the device, wraps at 65535, and counts per device', () => {
    const sequences = new SequenceNumbers();
    const taken = new Set<number>();
    for (let i = 0; i < 65536; i++) taken.add(sequences.take('HP-1'));
    expect(Math.min(...taken)).toBe(0);
    expect(Math.max(...taken)).toBe(65535);
    expect(taken.size).toBe(65536);
    expect(() => sequences.take('HP-1')).toThrow(/outstanding/);
    sequences.release('HP-1', 7);
    expect(sequences.take('HP-1')).toBe(7);
    expect(sequences.pending('HP-2')).toBe(0);
    const other = sequences.take('HP-2');
    expect(sequences.pending('HP-2')).toBe(1);
    sequences.release('HP-2', other);
    expect(sequences.pending('HP-2')).toBe(0);
  });

  it('starts from a drawn number when given one, still skipping the outstanding ones', () => {
    const sequences = new SequenceNumbers();
    expect(sequences.take('HP-3', 0x10005)).toBe(5);
    expect(sequences.take('HP-3', 5)).toBe(6);
  });
});
