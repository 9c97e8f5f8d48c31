import type { FieldChange, PointFields } from '@dcc/contract';
import { POINT_FIELD_NAMES } from '../points/index.ts';

/** A field's value as the history shows it: text, '' when absent, lists as JSON; a data type by its name. */
function fieldText(
  fields: PointFields | null,
  name: (typeof POINT_FIELD_NAMES)[number],
  dataTypeNames: ReadonlyMap<string, string>,
): string {
  if (!fields) return '';
  const value = fields[name];
  if (name === 'dataTypeId') return value === '' ? '' : (dataTypeNames.get(value as string) ?? String(value));
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.length ? JSON.stringify(value) : '';
  return String(value);
}

/** The fields that differ between two versions of a point (null: the point did not exist), in editor order. */
export function diffPoint(
  before: PointFields | null,
  after: PointFields | null,
  dataTypeNames: ReadonlyMap<string, string>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const name of POINT_FIELD_NAMES) {
    const was = fieldText(before, name, dataTypeNames);
    const now = fieldText(after, name, dataTypeNames);
    if (was !== now) changes.push({ field: name, before: was, after: now });
  }
  return changes;
}
