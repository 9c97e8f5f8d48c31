import { lazyPage } from '../../../../app/lazyPage.tsx';

/** The chart (ECharts), loaded by the curve tab or ahead of it when the page's address asks for a curve: once here it renders without suspending. */
export const LazyCurveChart = lazyPage(() => import('./CurveChart.tsx'));
