import { describe, expect, it } from 'vitest';
import { imageExtensionOf } from './image.ts';

describe('imageExtensionOf', () => {
  it('recognises png and jpeg by their first bytes only', () => {
    expect(imageExtensionOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(imageExtensionOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
  });

  it('refuses gif, exe, svg, a truncated png and nothing', () => {
    for (const bytes of [
      Buffer.from('GIF89a'),
      Buffer.from('MZ\x90\x00'),
      Buffer.from('<svg/>'),
      Buffer.from([0x89, 0x50, 0x4e]),
      Buffer.alloc(0),
    ]) {
      expect(imageExtensionOf(bytes)).toBeNull();
    }
  });
});
