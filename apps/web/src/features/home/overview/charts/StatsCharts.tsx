import { useEffect, useState } from 'react';
import { Card, Tabs } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  getAddDeviceByDay,
  getDeviceRatio,
  getProjectIncreasedNum,
  localName,
  type DailyDeviceStat,
  type DeviceRatioItem,
} from '@dcc/contract';
import { currentLocale } from '../../../../i18n/index.ts';
import { useMayCall } from '../../../../session/mayCall.ts';
import { useAddedProjects, useDeviceRatio, useDevicesByDay } from '../hooks.ts';
import { ChartPane } from './ChartPane.tsx';
import { dailyOption, shareOption, totalOption, type DayCount } from './chartOptions.ts';
import { DEFAULT_CHART_RANGE, periodDays, type ChartPeriod } from './chartRange.ts';
import { RangeControls } from './RangeControls.tsx';
import { LazyDashboardChart } from './lazyDashboardChart.ts';

const addedDevices = (days: DailyDeviceStat[], t: TFunction) =>
  dailyOption(
    days.map((d) => ({ day: d.analysisTime, count: d.count })),
    t('home.chart.addedDevices'),
    t('home.chart.unitDevicesPerDay'),
  );
const totalDevices = (days: DailyDeviceStat[], t: TFunction) =>
  totalOption(
    days.map((d) => ({ day: d.analysisTime, count: d.accumulate })),
    t('home.chart.totalDevices'),
    t('home.chart.unitDevices'),
  );
const addedProjects = (days: DayCount[], t: TFunction) =>
  dailyOption(days, t('home.chart.addedProjects'), t('home.chart.unitProjectsPerDay'));
const seriesShare = (items: DeviceRatioItem[]) =>
  shareOption(
    items.map((item) => ({
      name: localName(currentLocale(), item.productName, item.productEnName),
      value: item.count,
    })),
  );
const nothing = (items: DeviceRatioItem[]) => items.length === 0;

/**
 * The chart tabs: added devices, total devices, added projects and the product-series share, over the
 * period chosen (default the last 7 days). Every chart's figures are asked for with the page, so a tab
 * opened later shows at once; a tab whose call the company may not make is not shown.
 */
export function StatsCharts() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ChartPeriod>({ kind: 'days', days: DEFAULT_CHART_RANGE });
  // The charts' code (ECharts) loads beside the figures' calls, not after them.
  useEffect(() => void LazyDashboardChart.preload(), []);
  const range = periodDays(period);
  const devices = useDevicesByDay(range);
  const projects = useAddedProjects(range);
  const ratio = useDeviceRatio();
  const readsDevices = useMayCall(getAddDeviceByDay);
  const readsProjects = useMayCall(getProjectIncreasedNum);
  const readsRatio = useMayCall(getDeviceRatio);
  const answered = { addedDevices: devices, totalDevices: devices, addedProjects: projects, seriesShare: ratio };
  const items = [
    readsDevices && {
      key: 'addedDevices',
      label: t('home.chart.addedDevices'),
      children: <ChartPane query={devices} toOption={addedDevices} testId="chart-added-devices" />,
    },
    readsDevices && {
      key: 'totalDevices',
      label: t('home.chart.totalDevices'),
      children: <ChartPane query={devices} toOption={totalDevices} testId="chart-total-devices" />,
    },
    readsProjects && {
      key: 'addedProjects',
      label: t('home.chart.addedProjects'),
      children: <ChartPane query={projects} toOption={addedProjects} testId="chart-added-projects" />,
    },
    readsRatio && {
      key: 'seriesShare',
      label: t('home.chart.seriesShare'),
      children: <ChartPane query={ratio} toOption={seriesShare} isEmpty={nothing} testId="chart-series-share" />,
    },
  ].filter((item) => item !== false);
  if (items.length === 0) return null;
  return (
    // data-ready: every tab has its figures (the page's readiness, for tests and benchmarks).
    <Card
      data-testid="home-charts"
      data-ready={items.every((item) => answered[item.key as keyof typeof answered].data !== undefined)}
    >
      <Tabs
        items={items.map((item) => ({
          ...item,
          label: <span data-testid={`home-chart-tab-${item.key}`}>{item.label}</span>,
        }))}
        tabBarExtraContent={<RangeControls period={period} onChange={setPeriod} />}
        destroyOnHidden
      />
    </Card>
  );
}
