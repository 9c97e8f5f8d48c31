import dayjs, { type Dayjs } from 'dayjs';
import { platformNow } from '../../../components/time/platformTime.ts';

const DAY = 'YYYY-MM-DD';

/** A log search's days (spec section 5: a date range, required), as 'YYYY-MM-DD' of the platform's zone. */
export interface DayRangeFilters {
  startDate: string;
  endDate: string;
}

/** The last `days` days up to today. */
export const lastDays = (days: number, today: Dayjs = platformNow()): DayRangeFilters => ({
  startDate: today.subtract(days, 'day').format(DAY),
  endDate: today.format(DAY),
});

/** Form range -> days; a cleared range searches the last `days` days. */
export function rangeToDays(range: [Dayjs, Dayjs] | null | undefined, days: number): DayRangeFilters {
  const fallback = lastDays(days);
  const [start, end] = range ?? [];
  return {
    startDate: start ? start.format(DAY) : fallback.startDate,
    endDate: end ? end.format(DAY) : fallback.endDate,
  };
}

/** Days -> form range. */
export const daysToRange = (filters: DayRangeFilters): [Dayjs, Dayjs] => [
  dayjs(filters.startDate),
  dayjs(filters.endDate),
];

/** Days after today (in the platform's zone) cannot be picked. */
export function isFutureDay(day: Dayjs): boolean {
  return day.isAfter(platformNow(), 'day');
}
