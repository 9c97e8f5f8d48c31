import {
  BUILTIN_DATA_TYPES,
  compileDataType,
  compileRule,
  type ByteLength,
  type CompiledDataType,
  type DataType,
} from './data-type.ts';
import type { Evaluator, Formula } from './formula/index.ts';
import type { BinaryItem, FaultDefinition, PointDef } from './points.ts';
import type { TableError } from './table-error.ts';
import { describe, validatePointFields } from './validate-point.ts';
import { parseValueRange, type ValueRange } from './value-range.ts';

/** A point ready for fast decoding and encoding. */
export interface CompiledPoint {
  def: PointDef;
  /** Position in the table's point list. */
  index: number;
  address: number;
  code: string;
  name: string;
  unit: string;
  byteLength: ByteLength;
  signed: boolean;
  writable: boolean;
  /** Whether its report rule or formula references other points. */
  reportRefs: boolean;
  /** The low register of a 32-bit high/low pair; null for a point in one register. */
  lowPoint: number | null;
  typeReport: Evaluator | null;
  pointReport: Evaluator | null;
  typeSend: Evaluator | null;
  pointSend: Evaluator | null;
  enumLabels: ReadonlyMap<number, string> | null;
  binaryItems: readonly BinaryItem[] | null;
  faultBits: readonly FaultDefinition[] | null;
  faultValues: readonly FaultDefinition[] | null;
  range: ValueRange | null;
}

/** What one register address carries on the wire: a whole point, or the high or low half of a pair. */
export interface RegisterSlot {
  point: CompiledPoint;
  width: 1 | 2 | 4;
  part: 'whole' | 'high' | 'low';
}

/** A validated point table, indexed for decoding. */
export interface CompiledTable {
  points: readonly CompiledPoint[];
  byAddress: ReadonlyMap<number, CompiledPoint>;
  byCode: ReadonlyMap<string, CompiledPoint>;
  /** Sparse, indexed by register address. */
  registers: readonly (RegisterSlot | undefined)[];
  /** Whether any report rule or formula references another point ($n$); when none does, decoding takes a shorter path. */
  reportRefs: boolean;
}

export type CompileTableResult = { ok: true; table: CompiledTable } | { ok: false; errors: TableError[] };

type FormulaField = 'reportFormula' | 'sendFormula';

/** Validates a point table (every problem, with point and field named) and compiles it for decoding. */
export function compileTable(
  points: readonly PointDef[],
  dataTypes: readonly DataType[] = BUILTIN_DATA_TYPES,
): CompileTableResult {
  if (!Array.isArray(points))
    return {
      ok: false,
      errors: [{ code: 'table.notAList', field: 'points', message: 'The point table must be a list of points' }],
    };
  if (!Array.isArray(dataTypes))
    return {
      ok: false,
      errors: [{ code: 'table.notAList', field: 'dataTypes', message: 'The data types must be a list' }],
    };
  const errors: TableError[] = [];
  const err = (
    p: PointDef,
    index: number,
    e: Omit<TableError, 'index' | 'address' | 'pointCode' | 'message'> & { message: string },
  ) =>
    errors.push({
      ...e,
      message: `Point ${describe(p, index)}: ${e.message}`,
      index,
      address: p.address,
      pointCode: p.code,
    });

  points.forEach((p, i) => {
    if (typeof p !== 'object' || p === null || Array.isArray(p))
      errors.push({ code: 'table.badPoint', field: 'point', index: i, message: `Point #${i + 1} is not an object` });
    else validatePointFields(p, i, errors);
  });
  if (errors.length) return { ok: false, errors };

  const addressOwner = new Map<number, number>();
  const codeOwner = new Map<string, number>();
  points.forEach((p, i) => {
    const prev = addressOwner.get(p.address);
    if (prev !== undefined)
      err(p, i, {
        code: 'table.duplicateAddress',
        field: 'address',
        message: `address ${p.address} is also point ${describe(points[prev]!, prev)}`,
      });
    else addressOwner.set(p.address, i);
    const prevCode = codeOwner.get(p.code);
    if (prevCode !== undefined)
      err(p, i, {
        code: 'table.duplicateCode',
        field: 'code',
        message: `code ${p.code} is also used by point ${describe(points[prevCode]!, prevCode)}`,
      });
    else codeOwner.set(p.code, i);
  });
  checkPairs(points, addressOwner, err);

  const types = new Map<string, CompiledDataType>();
  const typeErrors = new Set<string>();
  const compiled: CompiledPoint[] = [];
  points.forEach((p, i) => {
    let type: CompiledDataType | null = null;
    if (p.dataType) {
      type = types.get(p.dataType) ?? null;
      const def = dataTypes.find((t) => t?.name === p.dataType);
      if (!type && !def)
        err(p, i, {
          code: 'table.unknownDataType',
          field: 'dataType',
          message: `data type '${p.dataType}' does not exist`,
        });
      else if (!type && def && !typeErrors.has(def.name)) {
        const c = compileDataType(def);
        if (c.ok) types.set(def.name, (type = c.type));
        else {
          typeErrors.add(def.name);
          errors.push({
            code: 'table.badDataType',
            field: c.field,
            dataType: def.name,
            formulaError: c.error,
            message: `Data type '${def.name}': ${c.field} '${def[c.field]}': ${c.error.message}`,
          });
        }
      }
    }
    const formulas: Partial<Record<FormulaField, Formula | null>> = {};
    for (const field of ['reportFormula', 'sendFormula'] as const) {
      const c = compileRule(p[field]);
      if (!c.ok)
        err(p, i, {
          code: 'table.badFormula',
          field,
          formulaError: c.error,
          message: `${field} '${p[field]}': ${c.error.message}`,
        });
      else formulas[field] = c.formula;
    }
    const range = parseValueRange(p.valueRange ?? '');
    if (!range.ok) err(p, i, { code: 'table.badRange', field: 'valueRange', message: range.error.message });

    const refsOf: [string, number[]][] = [
      ['reportFormula', formulas.reportFormula?.refs ?? []],
      ['sendFormula', formulas.sendFormula?.refs ?? []],
      ['valueRange', range.ok ? (range.range?.refs ?? []) : []],
      ['dataType', [...(type?.report?.refs ?? []), ...(type?.send?.refs ?? [])]],
    ];
    for (const [field, refs] of refsOf) {
      for (const a of refs) {
        if (!addressOwner.has(a))
          err(p, i, {
            code: 'table.missingReference',
            field,
            reference: a,
            message: `${field} references point $${a}$, which is not in the table`,
          });
      }
    }
    compiled.push(
      buildPoint(
        p,
        i,
        type,
        formulas.reportFormula ?? null,
        formulas.sendFormula ?? null,
        range.ok ? range.range : null,
      ),
    );
  });
  if (errors.length) return { ok: false, errors };
  return { ok: true, table: indexTable(compiled) };
}

function checkPairs(
  points: readonly PointDef[],
  addressOwner: ReadonlyMap<number, number>,
  err: (p: PointDef, i: number, e: Pick<TableError, 'code' | 'field' | 'message'>) => void,
) {
  const lowOwner = new Map<number, number>();
  points.forEach((p, i) => {
    if (!p.highLow) return;
    const mismatch = (field: string, message: string) => err(p, i, { code: 'table.highLowMismatch', field, message });
    if (p.byteLength !== 4)
      return mismatch('byteLength', 'a high/low pair carries a 32-bit value: the byte length must be 4');
    if (p.highPoint !== p.address)
      return mismatch(
        'highPoint',
        `the high point must be the point's own address ${p.address}, not ${String(p.highPoint)}`,
      );
    const low = p.lowPoint;
    if (typeof low !== 'number' || !Number.isInteger(low) || low < 0 || low > 0xffff || low === p.address) {
      return mismatch('lowPoint', `the low point must be an address 0-65535 other than ${p.address}`);
    }
    const owner = addressOwner.get(low);
    if (owner !== undefined)
      return mismatch('lowPoint', `low point ${low} is the address of point ${describe(points[owner]!, owner)}`);
    const other = lowOwner.get(low);
    if (other !== undefined)
      return mismatch('lowPoint', `low point ${low} is also the low point of ${describe(points[other]!, other)}`);
    lowOwner.set(low, i);
  });
}

function buildPoint(
  p: PointDef,
  index: number,
  type: CompiledDataType | null,
  report: Formula | null,
  send: Formula | null,
  range: ValueRange | null,
): CompiledPoint {
  const faults = p.faultType ? (p.faultDefinitions ?? []) : [];
  const bitFaults = faults.filter((f) => f.bit !== undefined);
  const valueFaults = faults.filter((f) => f.value !== undefined);
  return {
    def: p,
    index,
    address: p.address,
    code: p.code,
    name: p.name,
    unit: p.unit ?? '',
    byteLength: p.byteLength,
    signed: type?.signed ?? false,
    writable: p.mode !== 'R',
    reportRefs: (type?.report?.refs.length ?? 0) + (report?.refs.length ?? 0) > 0,
    lowPoint: p.highLow ? p.lowPoint! : null,
    typeReport: type?.report?.run ?? null,
    pointReport: report?.run ?? null,
    typeSend: type?.send?.run ?? null,
    pointSend: send?.run ?? null,
    enumLabels: p.enumItems?.length ? new Map(p.enumItems.map((e) => [e.value, e.label])) : null,
    binaryItems: p.binaryItems?.length ? [...p.binaryItems].sort((a, b) => a.bit - b.bit) : null,
    faultBits: bitFaults.length ? bitFaults : null,
    faultValues: valueFaults.length ? valueFaults : null,
    range,
  };
}

function indexTable(points: CompiledPoint[]): CompiledTable {
  // A dense array (not holes up to a far address) keeps V8 on its fast element path.
  const top = points.reduce((m, p) => Math.max(m, p.address, p.lowPoint ?? 0), -1);
  const registers: (RegisterSlot | undefined)[] = new Array<RegisterSlot | undefined>(top + 1).fill(undefined);
  for (const point of points) {
    if (point.lowPoint === null) registers[point.address] = { point, width: point.byteLength, part: 'whole' };
    else {
      registers[point.address] = { point, width: 2, part: 'high' };
      registers[point.lowPoint] = { point, width: 2, part: 'low' };
    }
  }
  return {
    points,
    byAddress: new Map(points.map((p) => [p.address, p])),
    byCode: new Map(points.map((p) => [p.code, p])),
    registers,
    reportRefs: points.some((p) => p.reportRefs),
  };
}
