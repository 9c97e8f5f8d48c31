import { describe, expect, it } from 'vitest';
import { connectThrottle, publishThrottle } from './broker-throttle.ts';

describe('publish throttle', () => {
  it('allows the burst, then the rate, per device', () => {
    let now = 0;
    const throttle = publishThrottle(2, 3, () => now);
    expect([1, 2, 3, 4].map(() => throttle.allow('A'))).toEqual([true, true, true, false]);
    expect(throttle.allow('B')).toBe(true);
    now += 500;
    expect([throttle.allow('A'), throttle.allow('A')]).toEqual([true, false]);
  });
});

describe('publish throttle after the server paused reading', () => {
  it('allows what the device sent at its rate while it was not read, on top of its burst, once', () => {
    let now = 0;
    const throttle = publishThrottle(2, 3, () => now);
    expect([1, 2, 3].map(() => throttle.allow('A'))).toEqual([true, true, true]);
    now += 10_000;
    // Not read for 10 s at 2/s: 20 reports beside the refilled burst of 3; another device gets nothing.
    throttle.credit('A', 10_000);
    expect(Array.from({ length: 23 }, () => throttle.allow('A')).every(Boolean)).toBe(true);
    expect(throttle.allow('A')).toBe(false);
    expect([1, 2, 3, 4].map(() => throttle.allow('B'))).toEqual([true, true, true, false]);
  });
});

describe('connect throttle', () => {
  it('refuses a client id over its attempts per minute for the cool-down, then lets it in again', () => {
    let now = 0;
    const throttle = connectThrottle(2, 30_000, () => now);
    expect([throttle.allow('A'), throttle.allow('A'), throttle.allow('A')]).toEqual([true, true, false]);
    expect(throttle.allow('B')).toBe(true);
    now += 29_000;
    expect(throttle.allow('A')).toBe(false);
    now += 32_000;
    expect(throttle.allow('A')).toBe(true);
  });
});
