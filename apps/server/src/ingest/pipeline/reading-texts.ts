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

/**
 * The texts of a batch's readings, each array's made once (the history and the latest values share
 * them). One per batch: texts kept with the latest values' copy would live on and cost the garbage
 * collector more than they save.
 */
export function readingTextsOfBatch(): (readings: readonly PointReading[]) => ReadingTexts {
  const made = new Map<readonly PointReading[], ReadingTexts>();
  return (readings) => {
    let texts = made.get(readings);
    if (!texts) made.set(readings, (texts = readingTexts(readings)));
    return texts;
  };
}

const SCALES = [1, 10, 100, 1000];
const ZEROS = ['', '0', '00', '000'];

/**
 * A finite number as String(value) writes it, made faster for the usual reading, a decimal of up to
 * three places (12.3, -0.25): the integer of value × 10^d for the fewest places d that give the value
 * back exactly when divided again (so the text reads back as the same double, and it is the shortest
 * such text, as String's). Anything else (integers, more places, very small or large) is String's.
 */
export function numberText(value: number): string {
  const size = value < 0 ? -value : value;
  if (Number.isInteger(value) || !(size >= 1e-3 && size < 1e9)) return String(value);
  for (let d = 1; d <= 3; d++) {
    const scale = SCALES[d]!;
    const scaled = Math.round(size * scale);
    if (scaled / scale !== size) continue;
    const whole = Math.floor(scaled / scale);
    const fraction = String(scaled - whole * scale);
    return `${value < 0 ? '-' : ''}${whole}.${ZEROS[d - fraction.length]!}${fraction}`;
  }
  return String(value);
}

const keys: string[] = [];
/** `"address":`, made once per address; `,"address":` for every member after the first. */
const jsonKey = (address: number) => (keys[address] ??= `"${address}":`);
const laterKeys: string[] = [];
const laterJsonKey = (address: number) => (laterKeys[address] ??= `,"${address}":`);

/**
 * Joined from arrays of parts: a flat string at once, not a chain of concatenations to flatten later.
 * The JSON's parts are its keys and values side by side (no string per member).
 */
export function readingTexts(readings: readonly PointReading[]): ReadingTexts {
  const n = readings.length;
  const addresses = new Array<number>(n);
  const values = new Array<string>(n);
  const json = new Array<string>(2 * n);
  for (let k = 0; k < n; k++) {
    const { address, value } = readings[k]!;
    // JSON has no NaN or Infinity (JSON.stringify writes null); decoded values are finite or null.
    const text = value === null || !Number.isFinite(value) ? null : numberText(value);
    addresses[k] = address;
    values[k] = text ?? 'NULL';
    json[2 * k] = k === 0 ? jsonKey(address) : laterJsonKey(address);
    json[2 * k + 1] = text ?? 'null';
  }
  return { addresses: addresses.join(','), values: values.join(','), json: `{${json.join('')}}` };
}
