import { describe, expect, it } from 'vitest';
import { fromHex, hex16, toHex } from './hex.ts';

describe('hex', () => {
  it('writes uppercase hex of a byte range', () => {
    expect(toHex(Uint8Array.of(0x00, 0x0a, 0xff, 0x5c))).toBe('000AFF5C');
    expect(toHex(Uint8Array.of(1, 2, 3, 4), 1, 3)).toBe('0203');
    expect(hex16(0xc5cd)).toBe('C5CD');
    expect(hex16(0x7)).toBe('0007');
  });

  it('reads hex with separators and a 0x prefix, and refuses what is not hex', () => {
    expect(fromHex('0xAA 55:01-0a')).toEqual(Uint8Array.of(0xaa, 0x55, 0x01, 0x0a));
    expect(fromHex('')).toEqual(new Uint8Array(0));
    expect(fromHex('ABC')).toBeNull();
    expect(fromHex('GG')).toBeNull();
  });
});
