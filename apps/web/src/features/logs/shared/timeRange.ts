import type { Dayjs } from 'dayjs';
import { fromPickerTime, platformNow, toPickerTime } from '../../../components/time/platformTime.ts';

/** A device-log search range (spec section 5: required), as ISO instants; the form holds it as the platform's wall clock. */
export interface TimeRangeFilters {
  startTime: string;
  endTime: string;
}

/** The ends of the default ranges handed out: a searched range ending at one of them was left at its default. */
const defaultEnds = new Set<string>();

/** The last 24 hours up to now. */
export function lastDay(): TimeRangeFilters {
  const now = platformNow();
  const range = { startTime: fromPickerTime(now.subtract(1, 'day')), endTime: fromPickerTime(now) };
  defaultEnds.add(range.endTime);
  return range;
}

const isDefault = ({ startTime, endTime }: TimeRangeFilters) =>
  defaultEnds.has(endTime) && fromPickerTime(toPickerTime(endTime).subtract(1, 'day')) === startTime;

/**
 * Form range -> instants; a cleared range, or one left at its default, searches the last 24 hours up to the
 * search (the default fixed when the page opened would never show what came since).
 */
export function rangeToTimes(range: [Dayjs, Dayjs] | null | undefined): TimeRangeFilters {
  if (!range) return lastDay();
  const times = { startTime: fromPickerTime(range[0]), endTime: fromPickerTime(range[1]) };
  return isDefault(times) ? lastDay() : times;
}

/** Instants -> form range. */
export const timesToRange = (filters: TimeRangeFilters): [Dayjs, Dayjs] => [
  toPickerTime(filters.startTime),
  toPickerTime(filters.endTime),
];
