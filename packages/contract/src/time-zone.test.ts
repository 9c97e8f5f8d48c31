import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, isTimeZone, zonedDateTime, zonedDay, zonedInstant } from './time-zone.ts';

describe('the platform time zone', () => {
  it('knows IANA zone names and refuses others', () => {
    expect(isTimeZone(DEFAULT_TIME_ZONE)).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('writes an instant as the zone wall clock', () => {
    // 21:30 UTC is already the next day in China, still the same day in New York (EST, UTC-5).
    expect(zonedDateTime('2026-11-22T21:30:05.611Z', 'Asia/Shanghai')).toBe('2026-11-23 05:30:05');
    expect(zonedDateTime(new Date('2026-11-22T21:30:05.611Z'), 'America/New_York')).toBe('2026-11-22 16:30:05');
    expect(zonedDateTime(Date.parse('2026-07-01T12:00:00Z'), 'America/New_York')).toBe('2026-07-01 08:00:00');
    expect(zonedDay('2026-11-22T16:00:00.000Z', 'Asia/Shanghai')).toBe('2026-11-23');
    expect(zonedDateTime('1969-12-31T23:59:59.500Z', 'UTC')).toBe('1969-12-31 23:59:59');
  });

  it('finds the instant of a wall clock in the zone', () => {
    expect(zonedInstant('2026-11-23', 'Asia/Shanghai').toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(zonedInstant('2026-07-01T08:00:00', 'America/New_York').toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect(zonedInstant('2026-11-23', 'America/New_York').toISOString()).toBe('2026-11-23T05:00:00.000Z');
  });
});
