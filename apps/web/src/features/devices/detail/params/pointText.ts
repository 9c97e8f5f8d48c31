import { decodedValueText, type PointValue, type Say } from '@dcc/contract';
import { EMPTY_VALUE } from '../../../../components/emptyValue.ts';

type Shown = Pick<PointValue, 'value' | 'unit' | 'options' | 'bits' | 'faults'>;

/**
 * A point's value as shown: its enum label; a bit-field or fault point decoded as the packet parser
 * does ('on: compressor, pump', 'no fault'); else the number with its unit; EMPTY_VALUE before the first report.
 */
export function pointValueText(point: Shown, say: Say): string {
  if (point.value === null) return EMPTY_VALUE;
  const option = point.options.find((o) => o.value === point.value);
  if (option) return option.label;
  const decoded = decodedValueText(point, point.value, say);
  if (decoded !== null) return decoded;
  return point.unit ? `${point.value} ${point.unit}` : String(point.value);
}

type Range = Pick<PointValue, 'min' | 'max' | 'minHidden' | 'maxHidden' | 'minAwaits' | 'maxAwaits'>;
type AwaitedPoint = NonNullable<PointValue['minAwaits']>;

/** The words of a range in the language shown. */
export interface RangeWords {
  /** An end that is a factory setting the reader may not see. */
  hidden: string;
  /** An end read from a point the device has not reported yet ('max set, not reported yet'). */
  awaiting(point: AwaitedPoint): string;
  /** Both ends when one of them awaits a report ('30 to max set, not reported yet'). */
  between(min: string, max: string): string;
}

/**
 * A point's settable range as `min..max` (an open end left blank, a hidden end as `words.hidden`), or with
 * an end that awaits a report as `words.between` naming that point; EMPTY_VALUE when it has none.
 */
export function rangeText(point: Range, words: RangeWords): string {
  const end = (value: number | null, hidden: boolean, awaits: AwaitedPoint | null) =>
    hidden ? words.hidden : awaits ? words.awaiting(awaits) : value === null ? '' : String(value);
  const min = end(point.min, point.minHidden, point.minAwaits);
  const max = end(point.max, point.maxHidden, point.maxAwaits);
  if (min === '' && max === '') return EMPTY_VALUE;
  return point.minAwaits || point.maxAwaits ? words.between(min, max) : `${min}..${max}`;
}

/** The three groups of the params tab, from the point flags: vendor parameters (advanced), customer parameters, and the rest (status). */
export const PARAM_GROUPS = ['status', 'advanced', 'customer'] as const;
export type ParamGroup = (typeof PARAM_GROUPS)[number];

export function paramGroupOf(point: Pick<PointValue, 'vendorParam' | 'clientParam'>): ParamGroup {
  if (point.vendorParam) return 'advanced';
  return point.clientParam ? 'customer' : 'status';
}
