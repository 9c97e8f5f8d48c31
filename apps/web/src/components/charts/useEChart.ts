import { useEffect, useRef, type RefObject } from 'react';
import * as echarts from 'echarts/core';

/**
 * One ECharts instance in `box` for the component's life (callers register the chart types they draw
 * with echarts.use): resized with the window, disposed on unmount, and the box's data-drawn set to
 * 'true' each time a drawing finishes (callers set it to 'false' before they give new options).
 */
export function useEChart(box: RefObject<HTMLDivElement | null>): RefObject<echarts.ECharts | null> {
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const element = box.current!;
    const instance = echarts.init(element);
    chart.current = instance;
    instance.on('finished', () => {
      element.dataset.drawn = 'true';
    });
    const resize = () => instance.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.dispose();
      chart.current = null;
    };
  }, [box]);
  return chart;
}
