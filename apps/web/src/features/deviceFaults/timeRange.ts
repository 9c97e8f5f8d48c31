import type { Dayjs } from 'dayjs';
import { fromPickerTime, toPickerTime } from '../../components/time/platformTime.ts';

/** A search's time range as the list calls take it: ISO instants, '' for an open end. */
export interface TimeRangeFilters {
  startTime: string;
  endTime: string;
}

/** The search form's RangePicker value. */
export type TimeRangeValue = [Dayjs | null, Dayjs | null] | null | undefined;

/** A picked range (the platform's wall clock) -> ISO instants ('' for an end left open or a cleared range). */
export function toTimeRange(range: TimeRangeValue): TimeRangeFilters {
  const [start, end] = range ?? [];
  return { startTime: start ? fromPickerTime(start) : '', endTime: end ? fromPickerTime(end) : '' };
}

/** ISO instants -> the RangePicker value, for a remembered search. */
export function toRangeValue(filters: TimeRangeFilters): TimeRangeValue {
  if (!filters.startTime && !filters.endTime) return null;
  return [
    filters.startTime ? toPickerTime(filters.startTime) : null,
    filters.endTime ? toPickerTime(filters.endTime) : null,
  ];
}

/** The range as the call's optional fields: an open end is left out. */
export function rangeRequest(filters: TimeRangeFilters): { startTime?: string; endTime?: string } {
  return {
    ...(filters.startTime ? { startTime: filters.startTime } : {}),
    ...(filters.endTime ? { endTime: filters.endTime } : {}),
  };
}
