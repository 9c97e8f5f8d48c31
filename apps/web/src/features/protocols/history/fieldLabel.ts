import type { TFunction } from 'i18next';

/** A changed field's label: the point editor's label when the catalog has one, else the contract's field name. */
export function fieldLabel(t: TFunction, field: string): string {
  return t(`pointHistory.field.${field}`, { defaultValue: field });
}
