import type { PointReading } from './pipeline-decode.ts';

/** A message's readings as text, made in one pass: every value converted to text once. */
export interface ReadingTexts {
  /** The addresses, comma-separated: `{...}` is the history's int[] literal, `[...]` a JSON array. */
  addresses: string;
  /** The values, comma-separated, NULL for none: `{...}` is the history's float8[] literal. */
  values: string;
  /** The readings as a JSON object { "address": value }, as device_values.point_values holds them. */
  json: string;
}

const made = new WeakMap<readonly PointReading[], ReadingTexts>();

/** The texts of a readings array (made once per array: the history and the latest values share them). */
export function readingTexts(readings: readonly PointReading[]): ReadingTexts {
  let texts = made.get(readings);
  if (!texts) made.set(readings, (texts = build(readings)));
  return texts;
}

function build(readings: readonly PointReading[]): ReadingTexts {
  let addresses = '';
  let values = '';
  let json = '{';
  for (let k = 0; k < readings.length; k++) {
    const { address, value } = readings[k]!;
    // JSON has no NaN or Infinity (JSON.stringify writes null); decoded values are finite or null.
    const text = value === null || !Number.isFinite(value) ? null : String(value);
    const comma = k === 0 ? '' : ',';
    addresses += comma + address;
    values += comma + (text ?? 'NULL');
    json += `${comma}"${address}":${text ?? 'null'}`;
  }
  return { addresses, values, json: `${json}}` };
}
