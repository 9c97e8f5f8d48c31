/** What the console shows for a field without a value, in tables and descriptions alike. */
export const EMPTY_VALUE = '-';

/** Whether a value shows as EMPTY_VALUE: null, undefined, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** A described value (a Descriptions item), or EMPTY_VALUE when it has none. */
export function shownValue<T>(value: T | null | undefined): T | typeof EMPTY_VALUE {
  return isEmptyValue(value) ? EMPTY_VALUE : (value as T);
}
