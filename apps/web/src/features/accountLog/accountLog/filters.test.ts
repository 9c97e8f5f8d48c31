import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { platformNow } from '../../../components/time/platformTime.ts';
import { defaultAccountLogFilters, isFutureDay, toAccountLogFilters, toAccountLogFormValues } from './filters.ts';

// One instant for the code and the expectations: a second before midnight in China, where two
// clock readings taken one after the other would fall on different days.
const LAST_SECOND_OF_A_CHINA_DAY = new Date('2026-03-20T15:59:59.500Z');

describe('account log filters', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: LAST_SECOND_OF_A_CHINA_DAY, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('search the last 15 days up to today by default', () => {
    expect(defaultAccountLogFilters(dayjs('2026-03-20T10:00:00'))).toEqual({
      account: '',
      action: '',
      startDate: '2026-03-05',
      endDate: '2026-03-20',
    });
  });

  it('turn a picked range into days and back', () => {
    const filters = toAccountLogFilters({
      account: ' 138 ',
      action: 'lock',
      range: [dayjs('2026-01-02'), dayjs('2026-01-09')],
    });
    expect(filters).toEqual({ account: '138', action: 'lock', startDate: '2026-01-02', endDate: '2026-01-09' });
    const values = toAccountLogFormValues(filters);
    expect(values.range?.map((day) => day.format('YYYY-MM-DD'))).toEqual(['2026-01-02', '2026-01-09']);
  });

  it("count days in China time, the call's zone, whatever the machine's zone", () => {
    const shanghai = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const parts = Object.fromEntries(shanghai.formatToParts(new Date()).map((part) => [part.type, part.value]));
    expect(platformNow().format('YYYY-MM-DD HH:mm')).toBe(
      `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`,
    );
    expect(platformNow().format('YYYY-MM-DD HH:mm')).toBe('2026-03-20 23:59');
  });

  it('fall back to the default days when the range is cleared', () => {
    const filters = toAccountLogFilters({ range: null });
    expect(filters).toMatchObject({ startDate: '2026-03-05', endDate: '2026-03-20' });
  });

  it('refuse days after today in China', () => {
    expect(isFutureDay(dayjs('2026-03-21'))).toBe(true);
    expect(isFutureDay(dayjs('2026-03-20'))).toBe(false);
    expect(isFutureDay(dayjs('2026-03-19'))).toBe(false);
  });
});
