import type { CompiledTable, RangeBound, ValueRange } from '@dcc/protocol';
import type { ValueSource } from './current-lookup.ts';
import type { PointReading } from './pipeline-decode.ts';

/** The value range of one point or property: constants, open ends, or ($n$) the current value of another point. */
export type PointRange = Pick<ValueRange, 'min' | 'max'>;
/** The points that have a value range, by address (most points have none). */
export type PointRanges = ReadonlyMap<number, PointRange>;

const NO_VALUES: ValueSource = new Map<number, number>();
const rangesOf = new WeakMap<CompiledTable, PointRanges>();

/** The ranged points of a protocol table, computed once per compiled table. */
export function tableRanges(table: CompiledTable): PointRanges {
  let ranges = rangesOf.get(table);
  if (!ranges) {
    ranges = new Map(table.points.flatMap((p) => (p.range ? [[p.address, p.range] as const] : [])));
    rangesOf.set(table, ranges);
  }
  return ranges;
}

/** A bound's value: a constant, the current value of the point it names ($n$), null when open, undefined when that point has no value yet. */
function boundValue(bound: RangeBound, current: ValueSource): number | null | undefined {
  if (bound.kind === 'number') return bound.value;
  if (bound.kind === 'open') return null;
  return current.get(bound.address);
}

/**
 * How many readings lie outside their point's value range ($n$ ends resolved with the device's current
 * values; a range whose referenced point has no value yet is not checked). Stored all the same, but
 * counted as abnormal ('value.outOfRange'). The hot path: one map lookup per reading, no allocation
 * (packages/protocol's checkRange builds closures and answers objects).
 */
export function countOutside(
  readings: readonly PointReading[],
  ranges: PointRanges,
  current: ValueSource = NO_VALUES,
): number {
  if (ranges.size === 0) return 0;
  let count = 0;
  for (const reading of readings) {
    const range = ranges.get(reading.address);
    if (!range || reading.value === null) continue;
    const min = boundValue(range.min, current);
    const max = boundValue(range.max, current);
    if (min === undefined || max === undefined) continue;
    if ((min !== null && reading.value < min) || (max !== null && reading.value > max)) count += 1;
  }
  return count;
}

/** countOutside for a frame of a protocol device read with `table` (none: nothing is checked). */
export function countOutOfRange(
  readings: readonly PointReading[],
  table: CompiledTable | null,
  current: ValueSource,
): number {
  return table ? countOutside(readings, tableRanges(table), current) : 0;
}
