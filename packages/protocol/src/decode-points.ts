import type { CompiledPoint, CompiledTable } from './compile-table.ts';
import { rawToInteger, rawToValue } from './convert.ts';
import { formulaError, type EvalEnv, type FormulaError, type ValueLookup } from './formula/index.ts';
import { toHex } from './hex.ts';
import { EntryScratch } from './scratch.ts';

export interface DecodedBit {
  bit: number;
  code: string;
  content: string;
  enContent: string;
  on: boolean;
}
export interface DecodedFault {
  faultCode: string;
  level: number;
}

/** One point of a decoded frame, as the device log and the frame inspector show it. */
export interface DecodedPoint {
  address: number;
  code: string;
  name: string;
  /** The value bytes as sent, in hex (both registers of a high/low pair, high first). */
  raw: string;
  /** The integer the data type sees: the raw, read as signed when the data type is signed. */
  rawValue: number;
  /** After the data type's report rule and the point's report formula; null when they failed (see error). */
  value: number | null;
  unit: string;
  enumLabel?: string;
  bits?: DecodedBit[];
  faults?: DecodedFault[];
  error?: FormulaError;
}

/** One point of a frame as the ingest stores it: address, value (null when it failed) and active faults. */
export interface StoredPoint {
  address: number;
  value: number | null;
  /** Present for a fault-type point whose value could be read (empty when none is active). */
  faults?: DecodedFault[];
}

/**
 * Turns the entries of one frame (in the scratch) into decoded points. It is also the formula
 * environment: `$n$` resolves to point n of the same frame (computed on demand, so order does not
 * matter), else to the caller's current value; a reference cycle falls back to the current value.
 * One instance is reused frame after frame so decoding creates no closures.
 */
export class FramePoints implements EvalEnv {
  busy = false;
  error: FormulaError | null = null;
  readonly scratch = new EntryScratch();
  private table: CompiledTable | null = null;
  private current: ValueLookup | ReadonlyMap<number, number> | undefined;
  readonly values: ValueLookup = (address) => this.lookup(address);

  /** Computes and describes every point of the frame, in frame order. */
  compute(
    bytes: Uint8Array,
    table: CompiledTable,
    current: ValueLookup | ReadonlyMap<number, number> | undefined,
  ): DecodedPoint[] {
    const s = this.scratch;
    return this.each(table, current, (p, i) =>
      describe(bytes, p, s.raws[i]!, s.errors[i]!, s.values[i]!, s.starts[i]!, s.ends[i]!, s.lowStarts[i]!),
    );
  }

  /** Computes every point of the frame, in frame order, without its text (hex, code, name, unit, labels). */
  storedPoints(table: CompiledTable, current: ValueLookup | ReadonlyMap<number, number> | undefined): StoredPoint[] {
    const s = this.scratch;
    return this.each(table, current, (p, i) => {
      if (s.errors[i]) return { address: p.address, value: null };
      const value = s.values[i]!;
      const v: StoredPoint = { address: p.address, value };
      if (p.faultBits || p.faultValues) v.faults = faultsOf(p, s.raws[i]!, value);
      return v;
    });
  }

  private each<T>(
    table: CompiledTable,
    current: ValueLookup | ReadonlyMap<number, number> | undefined,
    make: (p: CompiledPoint, index: number) => T,
  ): T[] {
    this.table = table;
    this.current = current;
    const s = this.scratch;
    const out = new Array<T>(s.count);
    for (let k = 0; k < s.count; k++) {
      const i = s.order[k]!;
      const p = table.points[i]!;
      if (table.reportRefs) this.valueOf(p);
      else this.settle(p);
      out[k] = make(p, i);
    }
    this.table = null;
    this.current = undefined;
    return out;
  }

  private lookup(address: number): number | undefined {
    const p = this.table!.byAddress.get(address);
    if (p !== undefined && this.scratch.has(p.index)) {
      const v = this.valueOf(p);
      if (v !== undefined) return v;
    }
    const c = this.current;
    return c === undefined ? undefined : typeof c === 'function' ? c(address) : c.get(address);
  }

  // Resolves a point that others may reference: once per frame, guarding against cycles.
  private valueOf(p: CompiledPoint): number | undefined {
    const s = this.scratch;
    const i = p.index;
    if (s.computed(i)) return s.errors[i] ? undefined : s.values[i];
    if (!s.enter(i)) return undefined;
    const outer = this.error;
    const v = this.settle(p);
    this.error = outer;
    return v;
  }

  // Computes and stores one point's value or error.
  private settle(p: CompiledPoint): number | undefined {
    const s = this.scratch;
    const i = p.index;
    this.error = null;
    const v = rawToValue(p, s.raws[i]!, this);
    let error = this.error as FormulaError | null;
    if (!error && !Number.isFinite(v))
      error = formulaError('formula.notFinite', `Point ${p.address} (${p.code}) does not give a finite number`, 0);
    s.settle(i, v, error);
    return error ? undefined : v;
  }
}

function describe(
  bytes: Uint8Array,
  p: CompiledPoint,
  raw: number,
  error: FormulaError | null,
  value: number,
  start: number,
  end: number,
  lowStart: number,
): DecodedPoint {
  const rawHex = lowStart < 0 ? toHex(bytes, start, end) : toHex(bytes, start, start + 2) + toHex(bytes, lowStart, end);
  const d: DecodedPoint = {
    address: p.address,
    code: p.code,
    name: p.name,
    raw: rawHex,
    rawValue: rawToInteger(p, raw),
    value: error ? null : value,
    unit: p.unit,
  };
  if (error) {
    d.error = error;
    return d;
  }
  if (p.enumLabels) {
    const label = p.enumLabels.get(value);
    if (label !== undefined) d.enumLabel = label;
  }
  if (p.binaryItems)
    d.bits = p.binaryItems.map((b) => ({
      bit: b.bit,
      code: b.code,
      content: b.content,
      enContent: b.enContent ?? '',
      on: ((raw >>> b.bit) & 1) === 1,
    }));
  if (p.faultBits || p.faultValues) d.faults = faultsOf(p, raw, value);
  return d;
}

/** The active faults of a fault-type point: its bits set, or its value listed. */
function faultsOf(p: CompiledPoint, raw: number, value: number): DecodedFault[] {
  const faults: DecodedFault[] = [];
  for (const f of p.faultBits ?? [])
    if (((raw >>> f.bit!) & 1) === 1) faults.push({ faultCode: f.faultCode, level: f.level });
  for (const f of p.faultValues ?? []) if (f.value === value) faults.push({ faultCode: f.faultCode, level: f.level });
  return faults;
}
