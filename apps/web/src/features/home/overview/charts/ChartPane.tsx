import { useMemo } from 'react';
import { Empty, Spin } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { EChartsCoreOption } from 'echarts/core';
import { LoadFailedResult } from '../../../../components/LoadFailedResult.tsx';
import { TABLE_LOADING_DELAY_MS } from '../../../../components/list/index.ts';
import { CHART_HEIGHT_PX } from './chartHeight.ts';
import { LazyDashboardChart } from './lazyDashboardChart.ts';

interface ChartPaneProps<T> {
  query: UseQueryResult<T>;
  /** A module-level or memoised function: the chart is drawn again when it, the answer or the language changes. */
  toOption(data: T, t: TFunction): EChartsCoreOption;
  testId: string;
  /** Whether an answer has nothing to draw (the chart's place then says "No data"). */
  isEmpty?(data: T): boolean;
}

/** A chart's states: a spinner shown only past the loading delay, the load failure with a retry, or the chart of the answer. */
export function ChartPane<T>({ query, toOption, testId, isEmpty }: ChartPaneProps<T>) {
  const { t } = useTranslation();
  const { data } = query;
  const option = useMemo(() => (data === undefined ? undefined : toOption(data, t)), [data, toOption, t]);
  if (query.isError) return <LoadFailedResult error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Spin spinning={query.isFetching} delay={TABLE_LOADING_DELAY_MS}>
      {option === undefined ? (
        <div style={{ height: CHART_HEIGHT_PX }} data-testid={`${testId}-pending`} />
      ) : data !== undefined && isEmpty?.(data) ? (
        <Empty style={{ height: CHART_HEIGHT_PX }} description={t('list.empty')} data-testid={`${testId}-empty`} />
      ) : (
        <LazyDashboardChart option={option} testId={testId} />
      )}
    </Spin>
  );
}
