import type { EChartsCoreOption } from 'echarts/core';
import { platformTimeAxis } from '../../../../components/charts/timeAxis.ts';
import { platformZoneOffset } from '../../../../components/time/platformTime.ts';

/** Spec section 2: the product-series share shows its first 10 items. */
export const SHARE_MAX_ITEMS = 10;

/** A count of one day (YYYY-MM-DD of the platform's zone) or month. */
export interface DayCount {
  day: string;
  count: number;
}

/** A bar chart of counts per day (the x axis the platform's days), the y axis named by its unit. */
export function dailyOption(days: readonly DayCount[], name: string, unit: string): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 56, right: 32, top: 48, bottom: 48 },
    xAxis: { type: 'category', data: days.map((d) => d.day), name: platformZoneOffset(), nameLocation: 'end' },
    yAxis: { type: 'value', name: unit, minInterval: 1 },
    series: [{ type: 'bar', name, data: days.map((d) => d.count), barMaxWidth: 32 }],
  };
}

/** A line of a running total per day. */
export function totalOption(days: readonly DayCount[], name: string, unit: string): EChartsCoreOption {
  const option = dailyOption(days, name, unit) as { series: unknown[] };
  return { ...option, series: [{ type: 'line', name, data: days.map((d) => d.count), showSymbol: days.length <= 31 }] };
}

/** A pie of shares: the first SHARE_MAX_ITEMS items in the order given. */
export function shareOption(items: ReadonlyArray<{ name: string; value: number }>): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', orient: 'vertical', left: 0, top: 24 },
    series: [{ type: 'pie', radius: ['35%', '65%'], center: ['60%', '50%'], data: items.slice(0, SHARE_MAX_ITEMS) }],
  };
}

/** One point's values over time (epoch ms; null where none). */
export interface TrendSeries {
  name: string;
  values: ReadonlyArray<number | null>;
}

/** Lines of at most two points over time, in the platform's zone. */
export function trendOption(times: readonly number[], series: readonly TrendSeries[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 32, top: 48, bottom: 48 },
    xAxis: platformTimeAxis(),
    yAxis: { type: 'value', scale: true },
    series: series.map((s) => ({
      type: 'line',
      name: s.name,
      showSymbol: false,
      connectNulls: false,
      data: times.map((time, k) => [time, s.values[k] ?? null]),
    })),
  };
}
