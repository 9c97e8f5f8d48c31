import type { CompiledPoint } from './compile-table.ts';
import { toSigned, toUnsignedRaw } from './data-type.ts';
import type { EvalEnv } from './formula/index.ts';

/** Raw unsigned register integer -> value: sign by byte length, then the data type's report rule, then the point's formula. NaN with env.error on failure. */
export function rawToValue(point: CompiledPoint, raw: number, env: EvalEnv): number {
  let v = point.signed ? toSigned(raw, point.byteLength) : raw;
  if (point.typeReport) v = point.typeReport(v, env);
  if (point.pointReport) v = point.pointReport(v, env);
  return v;
}

/** The integer the data type sees: the raw read as signed when the data type is signed. */
export function rawToInteger(point: CompiledPoint, raw: number): number {
  return point.signed ? toSigned(raw, point.byteLength) : raw;
}

export type ToRawOutcome =
  | { ok: true; raw: number }
  | { ok: false; reason: 'formula'; env: EvalEnv }
  | { ok: false; reason: 'notRepresentable' | 'outOfRaw'; integer: number };

// Send rules like x * 10 on 0.3 give 3.0000000000000004: allow that much float noise.
const EPSILON = 1e-6;

/**
 * Value -> unsigned raw for the wire: the point's send formula, then the data type's send rule,
 * then a whole number that must fit the byte length. With round, fractions are rounded (a
 * simulated reading); without, a value finer than the point's resolution is refused.
 */
export function valueToRaw(point: CompiledPoint, value: number, env: EvalEnv, round: boolean): ToRawOutcome {
  let v = value;
  if (point.pointSend) v = point.pointSend(v, env);
  if (point.typeSend) v = point.typeSend(v, env);
  if (env.error || !Number.isFinite(v)) return { ok: false, reason: 'formula', env };
  const integer = Math.sign(v) * Math.round(Math.abs(v));
  if (!round && Math.abs(v - integer) > EPSILON) return { ok: false, reason: 'notRepresentable', integer: v };
  const raw = toUnsignedRaw(integer === 0 ? 0 : integer, point.byteLength, point.signed);
  return raw === null ? { ok: false, reason: 'outOfRaw', integer } : { ok: true, raw };
}
