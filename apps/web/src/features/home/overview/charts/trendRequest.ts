import { HISTORY_MAX_DAYS, type PointPosition } from '@dcc/contract';
import { CHART_RANGES } from './chartRange.ts';

/** Spec section 2: the trend compares at most two points, of mode R only, and is refreshed 2 s after the choice settles. */
export const TREND_MAX_POINTS = 2;
export const TREND_DEBOUNCE_MS = 2000;
/** The dashboard's ranges a trend may cover (the history answers at most HISTORY_MAX_DAYS days). */
export const TREND_RANGES = CHART_RANGES.filter((days) => days <= HISTORY_MAX_DAYS);
export type TrendDays = (typeof TREND_RANGES)[number];

/** What one trend asks for: a device, its points and the time range ending when asked. */
export interface TrendRequest {
  deviceCode: string;
  addressList: number[];
  startTime: string;
  endTime: string;
}

/** The points a trend may draw: those of mode R. */
export const trendPoints = (points: readonly PointPosition[]): PointPosition[] =>
  points.filter((point) => point.mode === 'R');

/** The trend request for a choice: at most TREND_MAX_POINTS addresses over the last `days` days up to `now`. */
export function trendRequest(
  deviceCode: string,
  addresses: readonly number[],
  days: number,
  now: number,
): TrendRequest {
  return {
    deviceCode,
    addressList: addresses.slice(0, TREND_MAX_POINTS),
    startTime: new Date(now - days * 86_400_000).toISOString(),
    endTime: new Date(now).toISOString(),
  };
}
