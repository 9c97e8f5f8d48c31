import { lazyPage } from '../../../../app/lazyPage.tsx';

/** The dashboard's chart (ECharts), loaded apart from the page so that the overview and tables show first. */
export const LazyDashboardChart = lazyPage(() => import('./DashboardChart.tsx'));
