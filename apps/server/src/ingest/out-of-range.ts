import { checkRange, type CompiledTable } from '@dcc/protocol';
import type { PointReading } from './pipeline-decode.ts';

/**
 * How many readings of a frame lie outside their point's value range ($n$ ends resolved with the
 * device's current values). Stored all the same, but counted as abnormal ('value.outOfRange').
 * One map lookup per reading; a range is checked only for the few points that have one.
 */
export function countOutOfRange(readings: readonly PointReading[], table: CompiledTable | null, current: ReadonlyMap<number, number>): number {
  if (!table) return 0;
  let count = 0;
  for (const reading of readings) {
    if (reading.value === null) continue;
    const range = table.byAddress.get(reading.address)?.range;
    if (!range) continue;
    const check = checkRange(reading.value, range, (address) => current.get(address));
    if (check.status === 'below' || check.status === 'above') count += 1;
  }
  return count;
}
