import type { PointValue } from '@dcc/contract';
import { EMPTY_VALUE } from '../../../../components/emptyValue.ts';

type Shown = Pick<PointValue, 'value' | 'unit' | 'options'>;

/** A point's value as shown: its enum label, else the number with its unit; EMPTY_VALUE before the first report. */
export function pointValueText(point: Shown): string {
  if (point.value === null) return EMPTY_VALUE;
  const option = point.options.find((o) => o.value === point.value);
  if (option) return option.label;
  return point.unit ? `${point.value} ${point.unit}` : String(point.value);
}

/** A point's settable range as `min..max` (an open end left blank), or EMPTY_VALUE when it has none. */
export function rangeText(point: Pick<PointValue, 'min' | 'max'>): string {
  if (point.min === null && point.max === null) return EMPTY_VALUE;
  return `${point.min ?? ''}..${point.max ?? ''}`;
}

/** The three groups of the params tab, from the point flags: vendor parameters (advanced), customer parameters, and the rest (status). */
export const PARAM_GROUPS = ['status', 'advanced', 'customer'] as const;
export type ParamGroup = (typeof PARAM_GROUPS)[number];

export function paramGroupOf(point: Pick<PointValue, 'vendorParam' | 'clientParam'>): ParamGroup {
  if (point.vendorParam) return 'advanced';
  return point.clientParam ? 'customer' : 'status';
}
