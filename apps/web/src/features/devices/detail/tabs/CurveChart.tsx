import { useEffect, useRef } from 'react';
import { LineChart } from 'echarts/charts';
import {
  DatasetComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../../../../components/charts/useEChart.ts';
import { platformTimeAxis } from '../../../../components/charts/timeAxis.ts';
import type { CurveColumns, CurveWindow } from './curveColumns.ts';

// Only the line chart and the components it uses: the chart's chunk stays a fraction of full ECharts.
echarts.use([
  LineChart,
  DatasetComponent,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

interface CurveChartProps {
  columns: CurveColumns;
  /** The time window the zoom shows now (epoch ms), reported after each zoom. */
  onZoom(window: CurveWindow): void;
}

/** A line chart of point curves over time (the platform's zone, named at the axis' end), zoomable with a slider and the mouse wheel; data-drawn is set once drawn. */
export default function CurveChart({ columns, onZoom }: CurveChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useEChart(box);
  const zoomed = useRef(onZoom);
  zoomed.current = onZoom;

  useEffect(() => {
    const instance = chart.current!;
    instance.on('datazoom', () => {
      const [zoom] =
        (instance.getOption() as { dataZoom?: Array<{ startValue?: number; endValue?: number }> }).dataZoom ?? [];
      if (zoom?.startValue !== undefined && zoom.endValue !== undefined)
        zoomed.current({ start: zoom.startValue, end: zoom.endValue });
    });
    return () => void instance.off('datazoom');
  }, [chart]);

  // New values of the same curves (a zoomed window drawn closer) keep the zoom; other curves draw afresh.
  const drawnNames = useRef('');
  useEffect(() => {
    box.current!.dataset.drawn = 'false';
    const names = JSON.stringify(columns.curves.map((curve) => curve.name));
    const dataset = {
      source: Object.fromEntries([['t', columns.times], ...columns.curves.map((curve, k) => [`c${k}`, curve.values])]),
    };
    if (names === drawnNames.current) {
      chart.current?.setOption({ dataset });
      return;
    }
    drawnNames.current = names;
    chart.current?.setOption(
      {
        animation: false,
        tooltip: { trigger: 'axis', axisPointer: { type: 'line' } },
        legend: { top: 0 },
        grid: { left: 48, right: 24, top: 40, bottom: 72 },
        xAxis: platformTimeAxis(),
        yAxis: { type: 'value', scale: true },
        dataZoom: [
          { type: 'slider', filterMode: 'none' },
          { type: 'inside', filterMode: 'none' },
        ],
        dataset,
        series: columns.curves.map((curve, k) => ({
          type: 'line',
          name: curve.name,
          encode: { x: 't', y: `c${k}` },
          showSymbol: false,
          sampling: 'lttb',
          connectNulls: false,
        })),
      },
      { notMerge: true },
    );
  }, [chart, columns]);

  return <div ref={box} style={{ width: '100%', height: 420 }} data-testid="curve-chart" />;
}
