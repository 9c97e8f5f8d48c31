import { HISTORY_MAX_DAYS } from '@dcc/contract';
import type { Dayjs } from 'dayjs';
import { fromPickerTime, platformNow } from '../../../../components/time/platformTime.ts';

const MAX_SPAN_MS = HISTORY_MAX_DAYS * 86_400_000;

/** Whether a curve range is one the server accepts: the end not before the start, at most HISTORY_MAX_DAYS long (spec: 'Curve view limited to 7 days'). */
export function curveRangeProblem(
  range: readonly [Dayjs, Dayjs] | null | undefined,
): 'required' | 'endBeforeStart' | 'tooLong' | null {
  if (!range?.[0] || !range[1]) return 'required';
  // Measured in the platform's zone, as the server does: the browser's clock changes do not count.
  const span = Date.parse(fromPickerTime(range[1])) - Date.parse(fromPickerTime(range[0]));
  if (span < 0) return 'endBeforeStart';
  return span > MAX_SPAN_MS ? 'tooLong' : null;
}

/** The range picker's days out of reach from the first day picked: more than HISTORY_MAX_DAYS away. */
export function outsideCurveSpan(day: Dayjs, from: Dayjs | undefined): boolean {
  return from !== undefined && Math.abs(day.startOf('day').diff(from.startOf('day'), 'day')) > HISTORY_MAX_DAYS;
}

/** The last 24 hours (the platform's wall clock, as the picker shows): the curve's first range. */
export function lastDay(now = platformNow()): [Dayjs, Dayjs] {
  return [now.subtract(1, 'day'), now];
}

type AskedCurve = { addresses: number[]; range: { startTime: string; endTime: string } };

/** The page's query with `curve` in it, as curveFromQuery reads it; the other parameters (the tab) kept. */
export function curveQuery(search: URLSearchParams, curve: AskedCurve): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('points', curve.addresses.join(','));
  next.set('start', curve.range.startTime);
  next.set('end', curve.range.endTime);
  return next;
}

/** A curve asked for by the page's query (?points=10,11&start=ISO&end=ISO): a link or the benchmark opens it drawn. */
export function curveFromQuery(search: URLSearchParams): AskedCurve | null {
  const points = search.get('points');
  const start = search.get('start');
  const end = search.get('end');
  if (!points || !start || !end) return null;
  const addresses = points.split(',').map(Number).filter(Number.isInteger);
  return addresses.length > 0 ? { addresses, range: { startTime: start, endTime: end } } : null;
}
