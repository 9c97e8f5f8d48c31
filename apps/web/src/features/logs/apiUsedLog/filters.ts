import type { Dayjs } from 'dayjs';
import { API_LOG_DEFAULT_DAYS, type ApiLogSearch } from '@dcc/contract';
import { daysToRange, lastDays, rangeToDays } from '../shared/dayRange.ts';

export type ApiLogFilters = ApiLogSearch;

export interface ApiLogFormValues {
  operator?: string;
  interfaceName?: string;
  outcome?: ApiLogFilters['outcome'];
  range?: [Dayjs, Dayjs] | null;
}

/** A fresh search: every call of the last 15 days up to today (spec section 5 and 9). */
export const defaultApiLogFilters = (today?: Dayjs): ApiLogFilters => ({
  operator: '',
  interfaceName: '',
  outcome: '',
  ...lastDays(API_LOG_DEFAULT_DAYS, today),
});

/** Form values -> filters; a cleared range searches the default days. */
export const toApiLogFilters = (values: ApiLogFormValues): ApiLogFilters => ({
  operator: values.operator?.trim() ?? '',
  interfaceName: values.interfaceName?.trim() ?? '',
  outcome: values.outcome ?? '',
  ...rangeToDays(values.range, API_LOG_DEFAULT_DAYS),
});

export const toApiLogFormValues = (filters: ApiLogFilters): ApiLogFormValues => ({
  operator: filters.operator,
  interfaceName: filters.interfaceName,
  outcome: filters.outcome,
  range: daysToRange(filters),
});
