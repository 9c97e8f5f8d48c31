import type { Dayjs } from 'dayjs';
import { ACCOUNT_LOG_DEFAULT_DAYS, type AccountActionName } from '@dcc/contract';
import { daysToRange, lastDays, rangeToDays, type DayRangeFilters } from '../../logs/shared/dayRange.ts';

export { isFutureDay } from '../../logs/shared/dayRange.ts';

/** What the account-log search filters by; days as 'YYYY-MM-DD'. */
export interface AccountLogFilters extends DayRangeFilters {
  account: string;
  action: AccountActionName | '';
}

/** The search form's values: the days as a RangePicker range. */
export interface AccountLogFormValues {
  account?: string;
  action?: AccountActionName | '';
  range?: [Dayjs, Dayjs] | null;
}

/** A fresh search: every account and action over the last 15 days up to today. */
export const defaultAccountLogFilters = (today?: Dayjs): AccountLogFilters => ({
  account: '',
  action: '',
  ...lastDays(ACCOUNT_LOG_DEFAULT_DAYS, today),
});

/** Form values -> filters; a cleared range searches the default days. */
export const toAccountLogFilters = (values: AccountLogFormValues): AccountLogFilters => ({
  account: values.account?.trim() ?? '',
  action: values.action ?? '',
  ...rangeToDays(values.range, ACCOUNT_LOG_DEFAULT_DAYS),
});

/** Filters -> form values, for a remembered search. */
export const toAccountLogFormValues = (filters: AccountLogFilters): AccountLogFormValues => ({
  account: filters.account,
  action: filters.action,
  range: daysToRange(filters),
});
