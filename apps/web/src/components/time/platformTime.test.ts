import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from 'i18next';
import { EMPTY_VALUE } from '../emptyValue.ts';
import {
  formatDate,
  formatDateIn,
  formatTime,
  formatTimeIn,
  fromPickerTime,
  platformNow,
  platformTimeZone,
  setPlatformTimeZone,
  toPickerTime,
} from './platformTime.ts';

// 21:30 UTC is already the next day (05:30) in China.
const NEAR_MIDNIGHT_UTC = '2026-11-22T21:30:05.611Z';

beforeAll(async () => {
  await i18n.init({ lng: 'en-US', resources: {}, initAsync: false });
});
afterEach(() => {
  vi.useRealTimers();
  setPlatformTimeZone(null);
  void i18n.changeLanguage('en-US');
});

describe('the console date formatter', () => {
  it("shows an instant in the platform's zone (China by default) in each language", () => {
    expect(platformTimeZone()).toBe('Asia/Shanghai');
    expect(formatTimeIn('zh-CN', NEAR_MIDNIGHT_UTC)).toBe('2026-11-23 05:30:05');
    expect(formatTimeIn('en-US', NEAR_MIDNIGHT_UTC)).toBe('11/23/2026 05:30:05');
    expect(formatDateIn('zh-CN', NEAR_MIDNIGHT_UTC)).toBe('2026-11-23');
    expect(formatDateIn('en-US', NEAR_MIDNIGHT_UTC)).toBe('11/23/2026');
  });

  it('follows the zone the platform sets, and keeps the default for a name that is not a zone', () => {
    setPlatformTimeZone('America/New_York');
    expect(formatTimeIn('zh-CN', NEAR_MIDNIGHT_UTC)).toBe('2026-11-22 16:30:05');
    setPlatformTimeZone('Beijing');
    expect(platformTimeZone()).toBe('Asia/Shanghai');
  });

  it('follows the shown language when none is given', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(formatTime('2026-11-22T05:26:29.611Z')).toBe('2026-11-22 13:26:29');
    await i18n.changeLanguage('en-US');
    expect(formatTime('2026-11-22T05:26:29.611Z')).toBe('11/22/2026 13:26:29');
  });

  it('shows the one empty placeholder for a missing time', () => {
    expect(formatTime('')).toBe(EMPTY_VALUE);
    expect(formatDate(null)).toBe(EMPTY_VALUE);
  });

  it("gives now as the platform's wall clock", () => {
    vi.useFakeTimers({ now: new Date(NEAR_MIDNIGHT_UTC) });
    expect(platformNow().format('YYYY-MM-DD HH:mm')).toBe('2026-11-23 05:30');
  });

  it("hands pickers the platform's wall clock and reads theirs back as the same instant", () => {
    const picked = toPickerTime(NEAR_MIDNIGHT_UTC);
    expect(picked.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-23 05:30:05');
    expect(fromPickerTime(picked)).toBe(NEAR_MIDNIGHT_UTC);
    expect(fromPickerTime(picked.startOf('day'))).toBe('2026-11-22T16:00:00.000Z');
  });
});
