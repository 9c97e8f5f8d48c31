import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../../../../components/charts/useEChart.ts';
import { CHART_HEIGHT_PX } from './chartHeight.ts';

// Only the charts the dashboard draws and the components they use: the chunk stays a fraction of full ECharts.
echarts.use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

interface DashboardChartProps {
  option: echarts.EChartsCoreOption;
  testId: string;
}

/** One ECharts chart of the dashboard, CHART_HEIGHT_PX high; a new option replaces the drawn one; data-drawn is set once drawn. */
export default function DashboardChart({ option, testId }: DashboardChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useEChart(box);

  useEffect(() => {
    box.current!.dataset.drawn = 'false';
    chart.current?.setOption({ animation: false, ...option }, { notMerge: true });
  }, [chart, option]);

  return <div ref={box} style={{ width: '100%', height: CHART_HEIGHT_PX }} data-testid={testId} />;
}
