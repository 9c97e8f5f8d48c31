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

type Range = Pick<PointValue, 'min' | 'max' | 'minHidden' | 'maxHidden'>;

/**
 * A point's settable range as `min..max` (an open end left blank, an end that is a factory setting the
 * reader may not see as `hiddenText`), or EMPTY_VALUE when it has none.
 */
export function rangeText(point: Range, hiddenText: string): string {
  const end = (value: number | null, hidden: boolean) => (hidden ? hiddenText : (value ?? ''));
  if (point.min === null && point.max === null && !point.minHidden && !point.maxHidden) return EMPTY_VALUE;
  return `${end(point.min, point.minHidden)}..${end(point.max, point.maxHidden)}`;
}

/** The three groups of the params tab, from the point flags: vendor parameters (advanced), customer parameters, and the rest (status). */
export const PARAM_GROUPS = ['status', 'advanced', 'customer'] as const;
export type ParamGroup = (typeof PARAM_GROUPS)[number];

export function paramGroupOf(point: Pick<PointValue, 'vendorParam' | 'clientParam'>): ParamGroup {
  if (point.vendorParam) return 'advanced';
  return point.clientParam ? 'customer' : 'status';
}
