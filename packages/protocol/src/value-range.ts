import type { ValueLookup } from './formula/index.ts';

/** One end of a value range: a constant or the current value of another point ($n$). */
export type RangeBound = { kind: 'number'; value: number } | { kind: 'ref'; address: number } | { kind: 'open' };

/** A parsed `min..max` range, e.g. `30..$20$`; an empty end is open. */
export interface ValueRange {
  source: string;
  min: RangeBound;
  max: RangeBound;
  refs: number[];
}

export interface RangeSyntaxError {
  code: 'range.syntax';
  message: string;
}

/** The outcome of checking a value against a range with the current values of other points. */
export type RangeCheck =
  | { status: 'ok'; min: number | null; max: number | null }
  | { status: 'below'; min: number; max: number | null }
  | { status: 'above'; min: number | null; max: number }
  | { status: 'unknownReference'; address: number };

const BOUND = /^\s*(?:(-?(?:\d+\.?\d*|\.\d+))|\$(\d{1,5})\$|)\s*$/;

function parseBound(text: string): RangeBound | null {
  const m = BOUND.exec(text);
  if (!m) return null;
  if (m[1] !== undefined) return { kind: 'number', value: Number(m[1]) };
  if (m[2] !== undefined) {
    const address = Number(m[2]);
    return address <= 0xffff ? { kind: 'ref', address } : null;
  }
  return { kind: 'open' };
}

/** Parses `min..max` where each end is a number, a `$n$` reference or empty; blank text means no range (null). */
export function parseValueRange(
  source: string,
): { ok: true; range: ValueRange | null } | { ok: false; error: RangeSyntaxError } {
  if (typeof source !== 'string')
    return { ok: false, error: { code: 'range.syntax', message: 'A value range must be text such as 30..$20$' } };
  if (source.trim() === '') return { ok: true, range: null };
  const parts = source.split('..');
  const min = parts.length === 2 ? parseBound(parts[0]!) : null;
  const max = parts.length === 2 ? parseBound(parts[1]!) : null;
  if (!min || !max || (min.kind === 'open' && max.kind === 'open')) {
    return {
      ok: false,
      error: {
        code: 'range.syntax',
        message: `Value range '${source}' must read min..max, each end a number or $address$ (e.g. 30..$20$)`,
      },
    };
  }
  if (min.kind === 'number' && max.kind === 'number' && min.value > max.value) {
    return {
      ok: false,
      error: { code: 'range.syntax', message: `Value range '${source}' has its minimum above its maximum` },
    };
  }
  const refs = [min, max].flatMap((b) => (b.kind === 'ref' ? [b.address] : []));
  return { ok: true, range: { source, min, max, refs } };
}

/** Checks a value against a range, resolving $n$ ends from the current values of other points. */
export function checkRange(value: number, range: ValueRange, values: ValueLookup): RangeCheck {
  const resolve = (b: RangeBound): number | null | { missing: number } => {
    if (b.kind === 'open') return null;
    if (b.kind === 'number') return b.value;
    const v = values(b.address);
    return v === undefined ? { missing: b.address } : v;
  };
  const min = resolve(range.min);
  if (typeof min === 'object' && min !== null) return { status: 'unknownReference', address: min.missing };
  const max = resolve(range.max);
  if (typeof max === 'object' && max !== null) return { status: 'unknownReference', address: max.missing };
  if (min !== null && value < min) return { status: 'below', min, max };
  if (max !== null && value > max) return { status: 'above', min, max };
  return { status: 'ok', min, max };
}
