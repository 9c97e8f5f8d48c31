import type { TFunction } from 'i18next';

/** A range button's label: "1 day", "7 days". */
export const rangeLabel = (t: TFunction, days: number): string =>
  t(days === 1 ? 'home.range.oneDay' : 'home.range.days', { count: days });
