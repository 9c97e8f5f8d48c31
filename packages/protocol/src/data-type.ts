import { compileFormula, type Formula, type FormulaError } from './formula/index.ts';

/** A data type as the console edits it (spec section 3): how raw register integers become values and back. */
export interface DataType {
  name: string;
  /** Report parse rule: raw integer x -> value, e.g. `x / 10`. Empty means the value is x. */
  reportRule: string;
  /** Send parse rule: value x -> raw integer, e.g. `x * 10`. Empty means the raw is x. */
  sendRule: string;
  /** Raw integers are two's complement at the point's byte length. */
  signed: boolean;
  sortOrder: number;
  description?: string;
}

export type ByteLength = 1 | 2 | 4;

/** A data type with its rules compiled; null rules mean identity. */
export interface CompiledDataType {
  def: DataType;
  report: Formula | null;
  send: Formula | null;
  signed: boolean;
}

/** Built-in data types, so a table without its own list still decodes the common cases. */
export const BUILTIN_DATA_TYPES: readonly DataType[] = [
  { name: 'unsigned', reportRule: '', sendRule: '', signed: false, sortOrder: 1, description: 'Raw unsigned integer' },
  { name: 'signed', reportRule: '', sendRule: '', signed: true, sortOrder: 2, description: 'Raw signed integer' },
  {
    name: 'signed x0.1',
    reportRule: 'x / 10',
    sendRule: 'x * 10',
    signed: true,
    sortOrder: 3,
    description: 'Signed, one decimal (0.1 °C)',
  },
  {
    name: 'unsigned x0.1',
    reportRule: 'x / 10',
    sendRule: 'x * 10',
    signed: false,
    sortOrder: 4,
    description: 'Unsigned, one decimal',
  },
  {
    name: 'unsigned x0.01',
    reportRule: 'x / 100',
    sendRule: 'x * 100',
    signed: false,
    sortOrder: 5,
    description: 'Unsigned, two decimals (0.01 kWh)',
  },
];

/** Compiles a data type's rules, or names the rule that does not parse. */
export function compileDataType(
  def: DataType,
): { ok: true; type: CompiledDataType } | { ok: false; field: 'reportRule' | 'sendRule'; error: FormulaError } {
  const report = compileRule(def.reportRule);
  if (!report.ok) return { ok: false, field: 'reportRule', error: report.error };
  const send = compileRule(def.sendRule);
  if (!send.ok) return { ok: false, field: 'sendRule', error: send.error };
  return { ok: true, type: { def, report: report.formula, send: send.formula, signed: def.signed } };
}

/** Compiles an optional rule: blank text is the identity (null). */
export function compileRule(
  text: string | undefined | null,
): { ok: true; formula: Formula | null } | { ok: false; error: FormulaError } {
  if (text === undefined || text === null || (typeof text === 'string' && text.trim() === ''))
    return { ok: true, formula: null };
  return compileFormula(text);
}

/** Sorts data types the way the console lists them: smaller sort order first, then by name. */
export function sortDataTypes<T extends Pick<DataType, 'sortOrder' | 'name'>>(types: readonly T[]): T[] {
  return [...types].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
}

/** The unsigned integer range of a byte length. */
export function unsignedMax(byteLength: ByteLength): number {
  return byteLength === 4 ? 0xffffffff : byteLength === 2 ? 0xffff : 0xff;
}

/** Reads an unsigned raw integer as signed two's complement at the given byte length. */
export function toSigned(raw: number, byteLength: ByteLength): number {
  const half = byteLength === 4 ? 0x80000000 : byteLength === 2 ? 0x8000 : 0x80;
  return raw >= half ? raw - half * 2 : raw;
}

/** Turns a signed or unsigned integer into the unsigned raw that goes on the wire; null when it does not fit. */
export function toUnsignedRaw(value: number, byteLength: ByteLength, signed: boolean): number | null {
  if (!Number.isInteger(value)) return null;
  const max = unsignedMax(byteLength);
  if (signed) {
    const half = (max + 1) / 2;
    if (value < -half || value >= half) return null;
    return value < 0 ? value + max + 1 : value;
  }
  return value < 0 || value > max ? null : value;
}
