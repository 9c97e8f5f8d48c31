import { useEffect, useRef } from 'react';
import { ScatterChart } from 'echarts/charts';
import { GeoComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEChart } from '../../../components/charts/useEChart.ts';
import { CHINA_MAP } from './chinaMap.ts';

// The map and the marker only: the chunk carries its own outline and asks no server for tiles.
echarts.use([GeoComponent, ScatterChart, CanvasRenderer]);

export type Coordinates = { longitude: number; latitude: number };

const MAP_HEIGHT_PX = 420;
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * An offline map of China's provinces (ECharts geo over the bundled outline): wheel to zoom, drag to move,
 * click to pick a point, marked on the map; `picked` is the point shown, `onPick` gets each click's degrees.
 */
export default function CoordinateMap({
  picked,
  onPick,
}: {
  picked: Coordinates | null;
  onPick(point: Coordinates): void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useEChart(box);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.setOption({
      animation: false,
      geo: {
        map: CHINA_MAP,
        roam: true,
        scaleLimit: { min: 1, max: 40 },
        itemStyle: { areaColor: '#f0f5ff', borderColor: '#8c8c8c' },
        emphasis: { disabled: true },
        select: { disabled: true },
        label: { show: false },
      },
      series: [{ type: 'scatter', coordinateSystem: 'geo', symbolSize: 12, itemStyle: { color: '#f5222d' }, data: [] }],
    });
    const zr = instance.getZr();
    const onClick = (event: { offsetX: number; offsetY: number }) => {
      const at = instance.convertFromPixel({ geoIndex: 0 }, [event.offsetX, event.offsetY]) as number[] | undefined;
      if (!at || !Number.isFinite(at[0]) || !Number.isFinite(at[1])) return;
      pick.current({ longitude: round6(at[0]!), latitude: round6(at[1]!) });
    };
    zr.on('click', onClick);
    return () => void zr.off('click', onClick);
  }, [chart]);

  useEffect(() => {
    chart.current?.setOption({ series: [{ data: picked ? [[picked.longitude, picked.latitude]] : [] }] });
  }, [chart, picked]);

  return <div ref={box} style={{ width: '100%', height: MAP_HEIGHT_PX }} data-testid="project-map" />;
}
