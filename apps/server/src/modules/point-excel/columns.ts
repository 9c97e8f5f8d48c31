import { translate, type Locale, type PointFields, type ProtocolPoint } from '@dcc/contract';
import { POINT_FIELD_NAMES, type PointFieldName } from '../points/index.ts';
import { writeBinaryItems, writeEnumItems, writeFaultDefinitions, type ListField } from './cells.ts';

/** The columns of the point sheet: one per editable point field, in editor order (docs/point-excel.md). */

export type ColumnKind = 'integer' | 'optionalNumber' | 'text' | 'flag' | 'dataType' | ListField;

const KINDS: Partial<Record<PointFieldName, ColumnKind>> = {
  address: 'integer',
  byteLength: 'integer',
  highPoint: 'optionalNumber',
  lowPoint: 'optionalNumber',
  defaultValue: 'optionalNumber',
  vendorParam: 'flag',
  basicInfo: 'flag',
  endUserDisplay: 'flag',
  clientParam: 'flag',
  hidden: 'flag',
  highLow: 'flag',
  faultType: 'flag',
  dataTypeId: 'dataType',
  enumItems: 'enumItems',
  binaryItems: 'binaryItems',
  faultDefinitions: 'faultDefinitions',
};

export const kindOf = (field: PointFieldName): ColumnKind => KINDS[field] ?? 'text';

/** Columns without which a row cannot be read (the schema has no default for them). */
export const REQUIRED_COLUMNS: readonly PointFieldName[] = ['address', 'pointCode', 'pointName', 'mode', 'byteLength'];

export const columnHeader = (locale: Locale, field: PointFieldName): string =>
  translate(locale, `catalog.pointField.${field}`);

const normalize = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

/** Header text (either language, or the contract field name) to field. */
export const HEADER_FIELDS: ReadonlyMap<string, PointFieldName> = new Map(
  POINT_FIELD_NAMES.flatMap((field) => [
    [normalize(field), field],
    [normalize(columnHeader('en-US', field)), field],
    [normalize(columnHeader('zh-CN', field)), field],
  ]),
);

export const fieldOfHeader = (header: unknown): PointFieldName | undefined =>
  typeof header === 'string' ? HEADER_FIELDS.get(normalize(header)) : undefined;

export const flagText = (locale: Locale, value: boolean): string =>
  translate(locale, value ? 'catalog.import.yes' : 'catalog.import.no');

/** A point's cell for one column, as the export writes it. */
export function cellOf(locale: Locale, point: ProtocolPoint, field: PointFieldName): string | number {
  const value = point[field];
  switch (kindOf(field)) {
    case 'flag':
      return flagText(locale, value as boolean);
    case 'dataType':
      return point.dataTypeName;
    case 'optionalNumber':
      return value === null ? '' : (value as number);
    case 'enumItems':
      return writeEnumItems(point.enumItems);
    case 'binaryItems':
      return writeBinaryItems(point.binaryItems);
    case 'faultDefinitions':
      return writeFaultDefinitions(point.faultDefinitions as PointFields['faultDefinitions']);
    default:
      return value as string | number;
  }
}
