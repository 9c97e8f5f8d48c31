import { zonedInstant } from '@dcc/contract';

/**
 * Platform days (PLATFORM_TIME_ZONE) of the dashboard's figures: a range of days YYYY-MM-DD as instants, and
 * its buckets per day or month. Shared by the project and device figures.
 */

const DAY_MS = 86_400_000;

/** The day after a day (YYYY-MM-DD). */
export const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The day before a day (YYYY-MM-DD). */
export const previousDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/** The instants [from, until) of the platform days startTime to endTime. */
export function instantsOf(range: { startTime: string; endTime: string }, zone: string): { from: Date; until: Date } {
  return { from: zonedInstant(range.startTime, zone), until: zonedInstant(nextDay(range.endTime), zone) };
}

/** Every day (YYYY-MM-DD), or month (YYYY-MM) when `month`, of the range, in order. */
export function bucketsOf(range: { startTime: string; endTime: string }, month: boolean): string[] {
  const buckets: string[] = [];
  for (let day = range.startTime; day <= range.endTime; day = nextDay(day)) {
    const bucket = month ? day.slice(0, 7) : day;
    if (buckets.at(-1) !== bucket) buckets.push(bucket);
  }
  return buckets;
}
