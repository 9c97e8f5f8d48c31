import dayjs, { type Dayjs } from 'dayjs';
import { platformNow } from '../../../../components/time/platformTime.ts';

/** Spec section 2: the dashboard's time ranges in days, and the one shown first. */
export const CHART_RANGES = [1, 7, 15, 30, 90] as const;
export type ChartRangeDays = (typeof CHART_RANGES)[number];
export const DEFAULT_CHART_RANGE: ChartRangeDays = 7;

/** What the charts cover: the last so many days up to today, or one month picked (up to today). */
export type ChartPeriod = { kind: 'days'; days: ChartRangeDays } | { kind: 'month'; month: string };

/** The days a chart call covers, as YYYY-MM-DD of the platform's zone (its days are Beijing days). */
export interface DayRange {
  startTime: string;
  endTime: string;
}

const DAY = 'YYYY-MM-DD';

/** The first and last day of `period` in the platform's zone; `today` is the platform's wall clock now. */
export function periodDays(period: ChartPeriod, today: Dayjs = platformNow()): DayRange {
  if (period.kind === 'days')
    return { startTime: today.subtract(period.days - 1, 'day').format(DAY), endTime: today.format(DAY) };
  const first = dayjs(`${period.month}-01`);
  const last = first.endOf('month');
  return { startTime: first.format(DAY), endTime: (last.isAfter(today) ? today : last).format(DAY) };
}

/** Whether a month picker's month lies after the platform's current month (spec: no future dates). */
export function isFutureMonth(month: Dayjs, today: Dayjs = platformNow()): boolean {
  return month.startOf('month').isAfter(today.startOf('month'));
}

/** The month a picker value names, as YYYY-MM. */
export const monthOf = (picked: Dayjs): string => picked.format('YYYY-MM');
