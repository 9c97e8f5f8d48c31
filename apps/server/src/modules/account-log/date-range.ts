import { ACCOUNT_LOG_DEFAULT_DAYS } from '@dcc/contract';

/** Days of the account-log search are days in China time (UTC+8, no daylight saving). */
const CHINA_OFFSET = '+08:00';
const DAY_MS = 24 * 60 * 60 * 1000;

const startOfChinaDay = (day: string): Date => new Date(`${day}T00:00:00${CHINA_OFFSET}`);

/** Today in China time as YYYY-MM-DD. */
const chinaToday = (now: Date): string => new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * The instants [from, until) of an inclusive day range; missing ends default to the last
 * ACCOUNT_LOG_DEFAULT_DAYS days including today.
 */
export function accountLogRange(
  startDate: string | undefined,
  endDate: string | undefined,
  now = new Date(),
): { from: Date; until: Date } {
  const until = new Date(startOfChinaDay(endDate ?? chinaToday(now)).getTime() + DAY_MS);
  const from = startDate ? startOfChinaDay(startDate) : new Date(until.getTime() - ACCOUNT_LOG_DEFAULT_DAYS * DAY_MS);
  return { from, until };
}
