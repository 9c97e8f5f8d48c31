import type { Dayjs } from 'dayjs';
import { fromPickerTime, platformNow, toPickerTime } from '../../../components/time/platformTime.ts';

/** A device-log search range (spec section 5: required), as ISO instants; the form holds it as the platform's wall clock. */
export interface TimeRangeFilters {
  startTime: string;
  endTime: string;
}

/** The last 24 hours up to now. */
export function lastDay(): TimeRangeFilters {
  const now = platformNow();
  return { startTime: fromPickerTime(now.subtract(1, 'day')), endTime: fromPickerTime(now) };
}

/** Form range -> instants; a cleared range searches the last 24 hours. */
export function rangeToTimes(range: [Dayjs, Dayjs] | null | undefined): TimeRangeFilters {
  if (!range) return lastDay();
  return { startTime: fromPickerTime(range[0]), endTime: fromPickerTime(range[1]) };
}

/** Instants -> form range. */
export const timesToRange = (filters: TimeRangeFilters): [Dayjs, Dayjs] => [
  toPickerTime(filters.startTime),
  toPickerTime(filters.endTime),
];
