import { GeoComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import chinaProvinces from './china-provinces.json';

/**
 * The offline outline's map name. It must be ECharts' own name for China: only a map registered as 'china' gets
 * the South China Sea Islands (南海诸岛) inset that a map of China has to show (echarts coord/geo/fix/nanhai).
 */
export const CHINA_MAP = 'china';

/** The region ECharts adds to the 'china' map for the South China Sea Islands. */
export const SOUTH_CHINA_SEA_ISLANDS = '南海诸岛';

// The geo component brings registerMap's implementation.
echarts.use([GeoComponent]);
echarts.registerMap(CHINA_MAP, chinaProvinces as unknown as Parameters<typeof echarts.registerMap>[1]);
