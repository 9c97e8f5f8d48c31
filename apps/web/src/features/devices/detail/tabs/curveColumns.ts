import type { PointHistoryAnswer } from './historyHooks.ts';

/** Curves over shared times, column by column (no array per point: 4 x 20,160 of them cost more than the drawing): epoch ms oldest first, and per curve its legend name and values. */
export interface CurveColumns {
  times: number[];
  curves: Array<{ name: string; values: Array<number | null> }>;
}

/** A time window of the curve (epoch ms, inclusive). */
export interface CurveWindow {
  start: number;
  end: number;
}

/** The history as chart columns, each curve named by its address's name. */
export function curveColumns(history: PointHistoryAnswer, nameOf: (address: number) => string): CurveColumns {
  return {
    times: history.times,
    curves: history.addressList.map(({ address, valueList }) => ({ name: nameOf(address), values: valueList })),
  };
}

/**
 * The whole range's (thinned) columns with the frames inside `window` replaced by a closer answer for
 * that window: the chart draws the zoomed window in detail and keeps the rest for the slider.
 */
export function spliceWindow(whole: CurveColumns, closer: CurveColumns, window: CurveWindow): CurveColumns {
  const before = whole.times.findIndex((time) => time >= window.start);
  const from = before < 0 ? whole.times.length : before;
  let to = from;
  while (to < whole.times.length && whole.times[to]! <= window.end) to++;
  const inside = (time: number) => time >= window.start && time <= window.end;
  const keep = closer.times.map(inside);
  const join = <T>(outer: T[], inner: T[]): T[] => [
    ...outer.slice(0, from),
    ...inner.filter((_, k) => keep[k]),
    ...outer.slice(to),
  ];
  return {
    times: join(whole.times, closer.times),
    curves: whole.curves.map((curve, k) => ({
      name: curve.name,
      values: join(curve.values, closer.curves[k]?.values ?? []),
    })),
  };
}
