import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { fromPickerTime, toPickerTime } from '../../../components/time/platformTime.ts';
import {
  CHOICE_SYMBOLS,
  COMPARE_SYMBOLS,
  TEXT_FILTER_FIELDS,
  TEXT_SYMBOLS,
  TIME_SYMBOLS,
  deviceFilter,
  deviceFilterCondition,
  type DeviceFilter,
  type DeviceFilterCondition,
} from '@dcc/contract';

/** Every field of the filter builder, in the order the field select offers them (console-spec section 5). */
export const FILTER_FIELDS = [
  ...TEXT_FILTER_FIELDS,
  'productId',
  'dealersId',
  'deviceStatus',
  'fault',
  'faultCode',
  'faultStartTime',
  'area',
  'addressData',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** The condition symbols a field offers. */
export function symbolsOf(field: FilterField | undefined): readonly string[] {
  if (field === undefined || field === 'area') return [];
  if ((TEXT_FILTER_FIELDS as readonly string[]).includes(field)) return TEXT_SYMBOLS;
  if (field === 'fault') return ['='];
  if (field === 'faultStartTime') return TIME_SYMBOLS;
  if (field === 'addressData') return COMPARE_SYMBOLS;
  return CHOICE_SYMBOLS;
}

/** The catalog name of a symbol (devices.filter.symbol.<name>). */
export const SYMBOL_NAMES: Record<string, string> = {
  contains: 'contains',
  '=': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
};

/** One row of the builder as the form holds it, possibly unfinished. */
export interface ConditionDraft {
  field?: FilterField;
  symbol?: string;
  /** Text, an id, a status, yes/no, a number (parameter) or a moment (fault start time). */
  value?: string | number | Dayjs | null;
  /** [province] or [province, city] as the area picker answers. */
  area?: string[];
  /** The parameter filter's product and point. */
  productId?: string;
  address?: number;
}

export interface FilterDraft {
  combinator?: 'and' | 'or';
  conditions: ConditionDraft[];
}

/**
 * The city-level code the filter names: a city as it is; for a municipality, whose second level lists
 * districts, the XXYY00 code its districts share (110101 -> 110100).
 */
export const cityLevel = (code: string | undefined): string | undefined =>
  code === undefined ? undefined : `${code.slice(0, 4)}00`;

const defined = (object: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== null));

/** A row as the contract's condition schema reads it (unfinished parts left out, so the schema names them). */
export function toCondition(draft: ConditionDraft): Record<string, unknown> {
  const { field, symbol, value, area, productId, address } = draft;
  if (field === 'area') return defined({ field, province: area?.[0], city: cityLevel(area?.[1]) });
  if (field === 'addressData') return defined({ field, productId, address, symbol, value });
  if (field === 'faultStartTime')
    return defined({ field, symbol, value: dayjs.isDayjs(value) ? fromPickerTime(value) : value });
  return defined({ field, symbol, value: typeof value === 'string' ? value.trim() : value });
}

/** The form's rows of an applied filter (the inverse of toCondition). */
export function toDraft(condition: DeviceFilterCondition): ConditionDraft {
  switch (condition.field) {
    case 'area':
      return { field: 'area', area: [condition.province, condition.city] };
    case 'addressData':
      return {
        field: 'addressData',
        productId: condition.productId,
        address: condition.address,
        symbol: condition.symbol,
        value: condition.value,
      };
    case 'faultStartTime':
      return { field: 'faultStartTime', symbol: condition.symbol, value: toPickerTime(condition.value) };
    default:
      return { field: condition.field, symbol: condition.symbol, value: condition.value };
  }
}

/** The form values of an applied filter; a fresh builder starts with one empty row. */
export const draftOf = (filter: DeviceFilter | null): FilterDraft =>
  filter && filter.conditions.length > 0
    ? { combinator: filter.combinator, conditions: filter.conditions.map(toDraft) }
    : { combinator: undefined, conditions: [] };

/** The first problem the contract's condition schema finds with one part of a row (a message key), or null. */
export function conditionProblem(draft: ConditionDraft | undefined, parts: readonly string[]): string | null {
  const result = deviceFilterCondition.safeParse(toCondition(draft ?? {}));
  if (result.success) return null;
  const issue = result.error.issues.find((candidate) => parts.includes(String(candidate.path[0] ?? 'field')));
  return issue?.message ?? null;
}

/** The filter the builder's rows make, checked by the contract's filter schema: the filter, or the first problem (a message key). */
export function filterOf(draft: FilterDraft): { filter: DeviceFilter | null; problem: string | null } {
  if (draft.conditions.length === 0) return { filter: null, problem: null };
  // One condition needs no combinator; with more the user chooses and/or.
  const combinator = draft.combinator ?? (draft.conditions.length === 1 ? 'and' : undefined);
  const result = deviceFilter.safeParse({ combinator, conditions: draft.conditions.map(toCondition) });
  return result.success
    ? { filter: result.data, problem: null }
    : { filter: null, problem: result.error.issues[0]?.message ?? 'validation.invalid' };
}
