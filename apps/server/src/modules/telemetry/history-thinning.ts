import type { PointHistory } from './history-repo.ts';

/** A point history as the curve answers it: whether frames were left out to stay within the asked number. */
export type CurveHistory = PointHistory & { thinned: boolean };

/**
 * At most `maxPoints` frames of a history, for a chart that cannot draw more: the frames are cut into
 * equal time buckets; of each bucket the frames holding every curve's lowest and highest value, and
 * the first frame where a curve has a gap (a null), are kept, so peaks and breaks in the lines survive.
 * The first and last frames are always kept. Every frame kept is a stored one, with all its values:
 * nothing is averaged.
 */
export function thinHistory(history: PointHistory, maxPoints: number | undefined): CurveHistory {
  const { times, addressList } = history;
  const count = times.length;
  if (maxPoints === undefined || count <= maxPoints) return { ...history, thinned: false };
  const curves = addressList.map(({ valueList }) => valueList);
  // Per bucket at most two frames per curve and one gap; the first and last frames besides.
  const buckets = Math.max(1, Math.floor((maxPoints - 2) / (2 * curves.length + 1)));
  const first = times[0]!;
  const span = times[count - 1]! - first + 1;
  const kept = new Set<number>([0, count - 1]);
  let start = 0;
  while (start < count) {
    const bucket = Math.floor(((times[start]! - first) * buckets) / span);
    let end = start + 1;
    while (end < count && Math.floor(((times[end]! - first) * buckets) / span) === bucket) end++;
    keepExtremes(curves, start, end, kept);
    start = end;
  }
  const rows = [...kept].sort((a, b) => a - b);
  return {
    times: rows.map((row) => times[row]!),
    addressList: addressList.map(({ address, valueList }) => ({
      address,
      valueList: rows.map((row) => valueList[row] ?? null),
    })),
    thinned: true,
  };
}

/** Adds to `kept` the rows of [start, end) holding each curve's lowest and highest value, and the first row where any curve has no value. */
function keepExtremes(
  curves: ReadonlyArray<ReadonlyArray<number | null>>,
  start: number,
  end: number,
  kept: Set<number>,
): void {
  let gap = -1;
  for (const values of curves) {
    let low = -1;
    let high = -1;
    for (let row = start; row < end; row++) {
      const value = values[row];
      if (value === null || value === undefined) {
        if (gap < 0) gap = row;
        continue;
      }
      if (low < 0 || value < values[low]!) low = row;
      if (high < 0 || value > values[high]!) high = row;
    }
    if (low >= 0) kept.add(low);
    if (high >= 0) kept.add(high);
  }
  if (gap >= 0) kept.add(gap);
}
