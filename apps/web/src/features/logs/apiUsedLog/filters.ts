import dayjs, { type Dayjs } from 'dayjs';
import { API_LOG_DEFAULT_DAYS, type ApiLogSearch } from '@dcc/contract';
import { platformNow } from '../../../components/time/platformTime.ts';

const DAY = 'YYYY-MM-DD';

export type ApiLogFilters = ApiLogSearch;

export interface ApiLogFormValues {
  operator?: string;
  interfaceName?: string;
  outcome?: ApiLogFilters['outcome'];
  range?: [Dayjs, Dayjs] | null;
}

/** A fresh search: every call of the last 15 days up to today (spec section 5 and 9). */
export function defaultApiLogFilters(today: Dayjs = platformNow()): ApiLogFilters {
  return {
    operator: '',
    interfaceName: '',
    outcome: '',
    startDate: today.subtract(API_LOG_DEFAULT_DAYS, 'day').format(DAY),
    endDate: today.format(DAY),
  };
}

/** Form values -> filters; a cleared range searches the default days. */
export function toApiLogFilters(values: ApiLogFormValues): ApiLogFilters {
  const fallback = defaultApiLogFilters();
  const [start, end] = values.range ?? [];
  return {
    operator: values.operator?.trim() ?? '',
    interfaceName: values.interfaceName?.trim() ?? '',
    outcome: values.outcome ?? '',
    startDate: start ? start.format(DAY) : fallback.startDate,
    endDate: end ? end.format(DAY) : fallback.endDate,
  };
}

export const toApiLogFormValues = (filters: ApiLogFilters): ApiLogFormValues => ({
  operator: filters.operator,
  interfaceName: filters.interfaceName,
  outcome: filters.outcome,
  range: [dayjs(filters.startDate), dayjs(filters.endDate)],
});
