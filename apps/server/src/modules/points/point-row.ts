import { localName, POINT_FIELD_NAMES, type Locale, type PointFields, type ProtocolPoint } from '@dcc/contract';
import type { DataType, FaultLevel, PointDef } from '@dcc/protocol';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isoTime } from '../catalog/index.ts';

/** Points as stored (protocol_points) and as the contract and the protocol engine see them. */

export { POINT_FIELD_NAMES };
export type PointFieldName = (typeof POINT_FIELD_NAMES)[number];

/** A data type as the engine needs it, with its id. */
export interface StoredDataType extends DataType {
  id: string;
  /** English name; '' when none. */
  enName: string;
}

export async function loadDataTypes(db: Kysely<DB>): Promise<StoredDataType[]> {
  const rows = await db
    .selectFrom('data_types')
    .select(['id', 'name', 'en_name', 'report_rule', 'send_rule', 'signed', 'sort_order', 'description'])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    enName: r.en_name,
    reportRule: r.report_rule,
    sendRule: r.send_rule,
    signed: r.signed,
    sortOrder: r.sort_order,
    description: r.description,
  }));
}

/** Points with their data type, before any selection (for filters and counts). */
export const pointsFrom = (db: Kysely<DB>) =>
  db.selectFrom('protocol_points as pp').leftJoin('data_types as dt', 'dt.id', 'pp.data_type_id');

export const selectPointColumns = (query: ReturnType<typeof pointsFrom>) =>
  query
    .selectAll('pp')
    .select([
      sql<string>`coalesce(dt.name, '')`.as('data_type_name'),
      sql<string>`coalesce(dt.en_name, '')`.as('data_type_en_name'),
    ]);

const selectPoints = (db: Kysely<DB>) => selectPointColumns(pointsFrom(db));

type PointRow = Awaited<ReturnType<ReturnType<typeof selectPoints>['execute']>>[number];

/** A stored point as answered; its data type named in `locale` (localName). */
export function toPoint(row: PointRow, locale: Locale): ProtocolPoint {
  return {
    pointId: row.id,
    versionId: row.version_id,
    version: row.version,
    address: row.address,
    pointCode: row.code,
    pointName: row.name,
    pointEnName: row.en_name,
    mode: row.mode,
    vendorParam: row.vendor_param,
    basicInfo: row.basic_info,
    endUserDisplay: row.end_user_display,
    clientParam: row.client_param,
    hidden: row.hidden,
    codeClass: row.code_class,
    byteLength: Number(row.byte_length) as 1 | 2 | 4,
    highLow: row.high_low,
    highPoint: row.high_point,
    lowPoint: row.low_point,
    dataTypeId: row.data_type_id ?? '',
    dataTypeName: localName(locale, row.data_type_name, row.data_type_en_name),
    reportFormula: row.report_formula,
    sendFormula: row.send_formula,
    faultType: row.fault_type,
    valueRange: row.value_range,
    unit: row.unit,
    enUnit: row.en_unit,
    defaultValue: row.default_value === null ? null : Number(row.default_value),
    description: row.description,
    enDescription: row.en_description,
    valueKind: row.value_kind,
    // jsonb keeps object keys in its own order: rebuild each item in the contract's order (the history compares JSON text).
    enumItems: row.enum_items.map((e) => ({
      value: e.value,
      label: e.label,
      enLabel: e.enLabel,
      description: e.description,
    })),
    binaryItems: row.binary_items.map((b) => ({
      bit: b.bit,
      code: b.code,
      content: b.content,
      enContent: b.enContent ?? '',
    })),
    faultDefinitions: row.fault_definitions.map((f) => ({
      faultCode: f.faultCode,
      level: f.level,
      bit: f.bit,
      value: f.value,
      description: f.description,
      enDescription: f.enDescription ?? '',
    })),
    modifier: row.modifier_name,
    createTime: isoTime(row.created_at),
    updateTime: isoTime(row.updated_at),
  };
}

/** Every point of a version, by address (data types named in `locale`). */
export async function versionPoints(db: Kysely<DB>, versionId: string, locale: Locale): Promise<ProtocolPoint[]> {
  const rows = await selectPoints(db).where('pp.version_id', '=', versionId).orderBy('pp.address').execute();
  return rows.map((row) => toPoint(row, locale));
}

export async function pointById(db: Kysely<DB>, pointId: string, locale: Locale): Promise<ProtocolPoint | undefined> {
  const row = await selectPoints(db).where('pp.id', '=', pointId).executeTakeFirst();
  return row && toPoint(row, locale);
}

/** The editable fields of a stored point (what an update or an import compares). */
export function fieldsOf(point: ProtocolPoint): PointFields {
  const fields = {} as Record<PointFieldName, unknown>;
  for (const name of POINT_FIELD_NAMES) fields[name] = point[name];
  return fields as PointFields;
}

const optional = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

/**
 * The engine's view of a point. Enum items count only for an enum point and binary items only for
 * a binary one; the data type is named (the engine resolves names), an unknown id stays unknown.
 */
export function toPointDef(fields: PointFields, dataTypeNames: ReadonlyMap<string, string>): PointDef {
  return {
    address: fields.address,
    code: fields.pointCode,
    name: fields.pointName,
    enName: fields.pointEnName,
    mode: fields.mode,
    vendorParam: fields.vendorParam,
    basicInfo: fields.basicInfo,
    endUserDisplay: fields.endUserDisplay,
    clientParam: fields.clientParam,
    hidden: fields.hidden,
    codeClass: fields.codeClass,
    byteLength: fields.byteLength,
    highLow: fields.highLow,
    highPoint: optional(fields.highPoint),
    lowPoint: optional(fields.lowPoint),
    dataType: fields.dataTypeId ? (dataTypeNames.get(fields.dataTypeId) ?? `#${fields.dataTypeId}`) : null,
    reportFormula: fields.reportFormula,
    sendFormula: fields.sendFormula,
    faultType: fields.faultType,
    valueRange: fields.valueRange,
    unit: fields.unit,
    enUnit: fields.enUnit,
    defaultValue: fields.defaultValue,
    description: fields.description,
    enDescription: fields.enDescription,
    enumItems: fields.valueKind === 'enum' ? fields.enumItems : undefined,
    binaryItems: fields.valueKind === 'binary' ? fields.binaryItems : undefined,
    faultDefinitions: fields.faultDefinitions.map((f) => ({
      faultCode: f.faultCode,
      level: f.level as FaultLevel,
      bit: optional(f.bit),
      value: optional(f.value),
      description: f.description,
      enDescription: f.enDescription,
    })),
  };
}

/** The columns of a point row for insert or update (everything but the version, ids and times). */
export function pointColumns(fields: PointFields, modifier: string) {
  return {
    address: fields.address,
    code: fields.pointCode,
    name: fields.pointName,
    en_name: fields.pointEnName,
    mode: fields.mode,
    vendor_param: fields.vendorParam,
    basic_info: fields.basicInfo,
    end_user_display: fields.endUserDisplay,
    client_param: fields.clientParam,
    hidden: fields.hidden,
    code_class: fields.codeClass,
    byte_length: fields.byteLength,
    high_low: fields.highLow,
    high_point: fields.highPoint,
    low_point: fields.lowPoint,
    data_type_id: fields.dataTypeId === '' ? null : fields.dataTypeId,
    report_formula: fields.reportFormula,
    send_formula: fields.sendFormula,
    fault_type: fields.faultType,
    value_range: fields.valueRange,
    unit: fields.unit,
    en_unit: fields.enUnit,
    default_value: fields.defaultValue,
    description: fields.description,
    en_description: fields.enDescription,
    value_kind: fields.valueKind,
    enum_items: JSON.stringify(fields.enumItems),
    binary_items: JSON.stringify(fields.binaryItems),
    fault_definitions: JSON.stringify(fields.faultDefinitions),
    modifier_name: modifier,
  };
}
