import { GeoComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it } from 'vitest';
import { CHINA_MAP, SOUTH_CHINA_SEA_ISLANDS } from './chinaMap.ts';

echarts.use([GeoComponent, SVGRenderer]);

interface GeoView {
  getRegion(name: string): unknown;
}

/** The map as the project map picker draws it, rendered on the server side of ECharts (no canvas needed). */
function drawnRegions(): GeoView {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 800, height: 600 });
  chart.setOption({ geo: { map: CHINA_MAP } });
  const model = (
    chart as unknown as { getModel(): { getComponent(type: string, index: number): { coordinateSystem: GeoView } } }
  ).getModel();
  return model.getComponent('geo', 0).coordinateSystem;
}

describe('the offline map of China', () => {
  it('shows the South China Sea Islands with the provinces', () => {
    const geo = drawnRegions();
    expect(geo.getRegion('海南')).toBeTruthy();
    expect(geo.getRegion('台湾')).toBeTruthy();
    expect(geo.getRegion(SOUTH_CHINA_SEA_ISLANDS)).toBeTruthy();
  });
});
