import type { PointValue } from './telemetry.ts';

/** Why a value may not be set on a point, checked before sending; the server checks the same again (the encoder's range and enum rules). */
export type SetValueRefusal =
  | { kind: 'notWritable' }
  | { kind: 'notNumber' }
  | { kind: 'notEnumValue'; values: number[] }
  | { kind: 'belowRange'; min: number; max: number | null }
  | { kind: 'aboveRange'; min: number | null; max: number };

/** The refusal of setting `value` on `point` (its mode, enum values and range as getDeviceValues answers them), or null when it may be sent. */
export function setValueRefusal(
  point: Pick<PointValue, 'mode' | 'min' | 'max' | 'options'>,
  value: number,
): SetValueRefusal | null {
  if (point.mode !== 'RW') return { kind: 'notWritable' };
  if (!Number.isFinite(value)) return { kind: 'notNumber' };
  if (point.options.length > 0 && !point.options.some((option) => option.value === value))
    return { kind: 'notEnumValue', values: point.options.map((option) => option.value) };
  if (point.min !== null && value < point.min) return { kind: 'belowRange', min: point.min, max: point.max };
  if (point.max !== null && value > point.max) return { kind: 'aboveRange', min: point.min, max: point.max };
  return null;
}
