import dayjs, { type Dayjs } from 'dayjs';
import { ACCOUNT_LOG_DEFAULT_DAYS, type AccountActionName } from '@dcc/contract';
import { platformNow } from '../../../components/time/platformTime.ts';

const DAY = 'YYYY-MM-DD';

/** What the account-log search filters by; days as 'YYYY-MM-DD'. */
export interface AccountLogFilters {
  account: string;
  action: AccountActionName | '';
  startDate: string;
  endDate: string;
}

/** The search form's values: the days as a RangePicker range. */
export interface AccountLogFormValues {
  account?: string;
  action?: AccountActionName | '';
  range?: [Dayjs, Dayjs] | null;
}

/** A fresh search: every account and action over the last 15 days up to today. */
export function defaultAccountLogFilters(today: Dayjs = platformNow()): AccountLogFilters {
  return {
    account: '',
    action: '',
    startDate: today.subtract(ACCOUNT_LOG_DEFAULT_DAYS, 'day').format(DAY),
    endDate: today.format(DAY),
  };
}

/** Form values -> filters; a cleared range searches the default days. */
export function toAccountLogFilters(values: AccountLogFormValues): AccountLogFilters {
  const fallback = defaultAccountLogFilters();
  const [start, end] = values.range ?? [];
  return {
    account: values.account?.trim() ?? '',
    action: values.action ?? '',
    startDate: start ? start.format(DAY) : fallback.startDate,
    endDate: end ? end.format(DAY) : fallback.endDate,
  };
}

/** Filters -> form values, for a remembered search. */
export function toAccountLogFormValues(filters: AccountLogFilters): AccountLogFormValues {
  return {
    account: filters.account,
    action: filters.action,
    range: [dayjs(filters.startDate), dayjs(filters.endDate)],
  };
}

/** Days after today (in the platform's zone) cannot be picked. */
export function isFutureDay(day: Dayjs): boolean {
  return day.isAfter(platformNow(), 'day');
}
