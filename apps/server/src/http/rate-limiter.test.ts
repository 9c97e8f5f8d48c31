import { describe, expect, it } from 'vitest';
import { MinuteRateLimiter } from './rate-limiter.ts';

describe('MinuteRateLimiter', () => {
  it('allows perMinute hits per key per minute, then again in the next minute', () => {
    let now = 0;
    const limiter = new MinuteRateLimiter(() => now);
    expect([1, 2, 3, 4].map(() => limiter.hit('a', 3))).toEqual([true, true, true, false]);
    expect(limiter.hit('b', 3)).toBe(true);
    now = 60_000;
    expect(limiter.hit('a', 3)).toBe(true);
  });

  it('treats 0 as no limit', () => {
    const limiter = new MinuteRateLimiter(() => 0);
    for (let index = 0; index < 100; index += 1) expect(limiter.hit('a', 0)).toBe(true);
  });
});
