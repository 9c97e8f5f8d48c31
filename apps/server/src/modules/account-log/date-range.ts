import { ACCOUNT_LOG_DEFAULT_DAYS, zonedDay, zonedInstant } from '@dcc/contract';

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The instants [from, until) of an inclusive range of days in the platform's zone; missing ends
 * default to the last ACCOUNT_LOG_DEFAULT_DAYS days including today.
 */
export function accountLogRange(
  startDate: string | undefined,
  endDate: string | undefined,
  timeZone: string,
  now = new Date(),
): { from: Date; until: Date } {
  const dayAfter = addDays(endDate ?? zonedDay(now, timeZone), 1);
  return {
    from: zonedInstant(startDate ?? addDays(dayAfter, -ACCOUNT_LOG_DEFAULT_DAYS), timeZone),
    until: zonedInstant(dayAfter, timeZone),
  };
}
