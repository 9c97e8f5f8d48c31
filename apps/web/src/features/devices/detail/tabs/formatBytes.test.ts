import { describe, expect, it } from 'vitest';
import { formatBytes } from './formatBytes.ts';

describe('formatBytes', () => {
  it('shows bytes as they are and larger counts in KB, MB, GB', () => {
    expect([
      formatBytes(0),
      formatBytes(1023),
      formatBytes(1024),
      formatBytes(1536),
      formatBytes(5 * 1024 ** 2),
      formatBytes(3 * 1024 ** 3),
    ]).toEqual(['0 B', '1023 B', '1.0 KB', '1.5 KB', '5.0 MB', '3.0 GB']);
  });
});
