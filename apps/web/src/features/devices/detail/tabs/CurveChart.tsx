import { useEffect, useRef } from 'react';
import dayjs from 'dayjs';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { CHINA_ZONE } from '../../../../components/time/chinaTime.ts';

// Only the line chart and the components it uses: the chart's chunk stays a fraction of full ECharts.
echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

/** One curve: its legend name and its [epoch ms, value] points, oldest first. */
export interface CurveSeries {
  name: string;
  data: Array<[number, number | null]>;
}

interface CurveChartProps {
  series: CurveSeries[];
  /** The time window the zoom shows now (epoch ms), reported after each zoom. */
  onZoom(window: { start: number; end: number }): void;
}

const chinaLabel = (value: number, pattern: string) => dayjs(value).tz(CHINA_ZONE).format(pattern);

/** A line chart of point curves over time (China time), zoomable with a slider and the mouse wheel; data-drawn is set once drawn. */
export default function CurveChart({ series, onZoom }: CurveChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const zoomed = useRef(onZoom);
  zoomed.current = onZoom;

  useEffect(() => {
    const element = box.current!;
    const chart = echarts.init(element);
    element.dataset.drawn = 'false';
    chart.on('finished', () => {
      element.dataset.drawn = 'true';
    });
    chart.on('datazoom', () => {
      const [zoom] = (chart.getOption() as { dataZoom?: Array<{ startValue?: number; endValue?: number }> }).dataZoom ?? [];
      if (zoom?.startValue !== undefined && zoom.endValue !== undefined) zoomed.current({ start: zoom.startValue, end: zoom.endValue });
    });
    chart.setOption({
      animation: false,
      tooltip: { trigger: 'axis', axisPointer: { type: 'line' } },
      legend: { top: 0 },
      grid: { left: 48, right: 24, top: 40, bottom: 72 },
      xAxis: { type: 'time', axisLabel: { formatter: (value: number) => chinaLabel(value, 'MM-DD HH:mm') } },
      yAxis: { type: 'value', scale: true },
      dataZoom: [{ type: 'slider', filterMode: 'none' }, { type: 'inside', filterMode: 'none' }],
      series: series.map((curve) => ({ type: 'line', name: curve.name, data: curve.data, showSymbol: false, sampling: 'lttb', connectNulls: false })),
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [series]);

  return <div ref={box} style={{ width: '100%', height: 420 }} data-testid="curve-chart" />;
}
