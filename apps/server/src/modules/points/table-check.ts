import {
  ERROR_MESSAGE_KEYS,
  ErrorCode,
  translate,
  type FieldErrorsDetails,
  type Locale,
  type PointFields,
} from '@dcc/contract';
import { compileTable, type CompileTableResult, type TableError } from '@dcc/protocol';
import { AppError } from '../../http/app-error.ts';
import { formulaDetail } from '../data-types/index.ts';
import { toPointDef, type PointFieldName, type StoredDataType } from './point-row.ts';

/** The engine's field names that differ from the contract's. */
const CONTRACT_FIELD: Record<string, PointFieldName> = { code: 'pointCode', name: 'pointName', dataType: 'dataTypeId' };

/** The contract field a table error is about ('' for the point as a whole). */
export function contractField(error: TableError): PointFieldName | '' {
  const field = CONTRACT_FIELD[error.field] ?? error.field;
  return field === 'point' || field === 'points' ? '' : (field as PointFieldName);
}

/** A point field's name in the caller's language. */
export const fieldLabel = (locale: Locale, field: string): string =>
  translate(locale, `catalog.pointField.${field || 'point'}`);

export const pointLabel = (address: number | undefined, code: string | undefined): string =>
  code ? `${address ?? ''} (${code})` : String(address ?? '');

/** A table error in the caller's language, naming the point and the field. */
export function tableErrorText(
  locale: Locale,
  error: TableError,
  dataTypes: readonly StoredDataType[],
  points: readonly PointFields[],
): string {
  const field = contractField(error);
  const params: Record<string, string | number> = {
    point: pointLabel(error.address, error.pointCode),
    field: fieldLabel(locale, field),
    address: error.address ?? '',
    code: error.pointCode ?? '',
    dataType: error.dataType ?? '',
    detail: '',
  };
  if (error.code === 'table.missingReference') params.address = error.reference ?? '';
  if (error.code === 'table.badDataType') {
    params.field = translate(locale, `catalog.field.${error.field}`);
    const type = dataTypes.find((t) => t.name === error.dataType);
    const source = type ? (error.field === 'sendRule' ? type.sendRule : type.reportRule) : '';
    if (error.formulaError) params.detail = formulaDetail(locale, source, error.formulaError);
  }
  if (error.code === 'table.badFormula' && error.formulaError) {
    const point = error.index === undefined ? undefined : points[error.index];
    const source = point ? (field === 'sendFormula' ? point.sendFormula : point.reportFormula) : '';
    params.detail = formulaDetail(locale, source, error.formulaError);
  }
  return translate(locale, `catalog.${error.code}`, params);
}

/** Checks a whole point table with the engine, with the data types of the catalog. */
export function compilePoints(
  points: readonly PointFields[],
  dataTypes: readonly StoredDataType[],
): CompileTableResult {
  const names = new Map(dataTypes.map((t) => [t.id, t.name]));
  return compileTable(
    points.map((p) => toPointDef(p, names)),
    dataTypes,
  );
}

/** The first problems of a table as one line, e.g. for POINT_INVALID. */
export function tableErrorsText(
  locale: Locale,
  errors: readonly TableError[],
  dataTypes: readonly StoredDataType[],
  points: readonly PointFields[],
): string {
  const first = errors.slice(0, 3).map((e) => tableErrorText(locale, e, dataTypes, points));
  const rest = errors.length - first.length;
  return rest > 0
    ? `${first.join('; ')} ${translate(locale, 'catalog.table.more', { count: rest })}`
    : first.join('; ');
}

/**
 * Refuses with POINT_INVALID unless the table compiles. The problems of the point at `edited` (the
 * one being saved) that name one of its fields are also carried as field errors (`point.<field>`).
 */
export function assertValidTable(
  locale: Locale,
  points: readonly PointFields[],
  dataTypes: readonly StoredDataType[],
  edited?: number,
): void {
  const result = compilePoints(points, dataTypes);
  if (result.ok) return;
  const own = result.errors.filter(
    (error) => edited !== undefined && error.index === edited && contractField(error) !== '',
  );
  const details: FieldErrorsDetails | null =
    own.length === 0
      ? null
      : {
          fieldErrors: own.map((error) => ({
            field: `point.${contractField(error)}`,
            message: tableErrorText(locale, error, dataTypes, points),
          })),
        };
  throw new AppError(
    ErrorCode.POINT_INVALID,
    ERROR_MESSAGE_KEYS[ErrorCode.POINT_INVALID],
    { detail: tableErrorsText(locale, result.errors, dataTypes, points) },
    details,
  );
}
