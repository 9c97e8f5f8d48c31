import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Card, Input, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallResponse, getAddressHistoryValue } from '@dcc/contract';
import { usePointPositions, useTrend } from '../hooks.ts';
import { ChartPane } from './ChartPane.tsx';
import { trendOption } from './chartOptions.ts';
import { rangeLabel } from './rangeLabel.ts';
import {
  TREND_DEBOUNCE_MS,
  TREND_MAX_POINTS,
  TREND_RANGES,
  trendPoints,
  trendRequest,
  type TrendDays,
  type TrendRequest,
} from './trendRequest.ts';

type History = CallResponse<typeof getAddressHistoryValue>;

const noValues = (history: History) => history.times.length === 0;

/**
 * The point trend: a device (by IoT code), at most two of its points of mode R, over the last day or
 * week. A change of points is asked for once the choice has stayed the same for 2 s; a new device or
 * range asks at once.
 */
export function PointTrend() {
  const { t } = useTranslation();
  const [deviceCode, setDeviceCode] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [days, setDays] = useState<TrendDays>(TREND_RANGES.at(-1)!);
  const [request, setRequest] = useState<TrendRequest | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const points = usePointPositions(deviceCode);
  const options = useMemo(
    () =>
      trendPoints(points.data?.dataList ?? []).map((point) => ({
        value: point.address,
        label: point.unit ? `${point.content} (${point.unit})` : point.content,
      })),
    [points.data],
  );
  const trendChart = useCallback(
    (history: History) => {
      const names = new Map(options.map((option) => [option.value, option.label]));
      const lines = history.addressList.map((line) => ({
        name: names.get(line.address) ?? String(line.address),
        values: line.valueList,
      }));
      return trendOption(history.times, lines);
    },
    [options],
  );
  const trend = useTrend(request);

  const ask = (code: string, addresses: number[], over: TrendDays) => {
    clearTimeout(timer.current);
    setRequest(code && addresses.length > 0 ? trendRequest(code, addresses, over, Date.now()) : null);
  };
  const choosePoints = (addresses: number[]) => {
    const kept = addresses.slice(0, TREND_MAX_POINTS);
    setChosen(kept);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => ask(deviceCode, kept, days), TREND_DEBOUNCE_MS);
  };
  const chooseDevice = (code: string) => {
    setDeviceCode(code.trim());
    setChosen([]);
    ask('', [], days);
  };

  return (
    <Card title={t('home.trend.title')} data-testid="home-trend">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('home.trend.deviceCode')}
          onSearch={chooseDevice}
          style={{ width: 240 }}
          data-testid="home-trend-device"
        />
        <Select<number[]>
          mode="multiple"
          maxCount={TREND_MAX_POINTS}
          value={chosen}
          options={options}
          onChange={choosePoints}
          loading={points.isFetching}
          disabled={deviceCode === ''}
          placeholder={t('home.trend.points', { max: TREND_MAX_POINTS })}
          style={{ minWidth: 320 }}
          data-testid="home-trend-points"
        />
        <Radio.Group
          value={days}
          onChange={(event) => {
            const next = event.target.value as TrendDays;
            setDays(next);
            ask(deviceCode, chosen, next);
          }}
        >
          {TREND_RANGES.map((option) => (
            <Radio.Button key={option} value={option}>
              <span data-testid={`home-trend-range-${option}`}>{rangeLabel(t, option)}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
      </Space>
      {points.isError && <Typography.Text type="danger">{t('home.trend.deviceNotFound')}</Typography.Text>}
      {request ? (
        <ChartPane query={trend} toOption={trendChart} isEmpty={noValues} testId="chart-trend" />
      ) : (
        <Typography.Paragraph type="secondary" data-testid="home-trend-hint">
          {t('home.trend.hint')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
