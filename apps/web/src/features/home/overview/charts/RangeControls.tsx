import { Radio, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ZonedDatePicker } from '../../../../components/time/ZonedPickers.tsx';
import { rangeLabel } from './rangeLabel.ts';
import {
  CHART_RANGES,
  DEFAULT_CHART_RANGE,
  isFutureMonth,
  monthOf,
  type ChartPeriod,
  type ChartRangeDays,
} from './chartRange.ts';

interface RangeControlsProps {
  period: ChartPeriod;
  onChange(period: ChartPeriod): void;
}

const noFutureMonth = (month: Dayjs) => isFutureMonth(month);

/** The charts' period: the last 1, 7, 15, 30 or 90 days, or a month picked (never a future one). */
export function RangeControls({ period, onChange }: RangeControlsProps) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Radio.Group
        value={period.kind === 'days' ? period.days : null}
        onChange={(event) => onChange({ kind: 'days', days: event.target.value as ChartRangeDays })}
        data-testid="home-range"
      >
        {CHART_RANGES.map((days) => (
          <Radio.Button key={days} value={days}>
            <span data-testid={`home-range-${days}`}>{rangeLabel(t, days)}</span>
          </Radio.Button>
        ))}
      </Radio.Group>
      <ZonedDatePicker
        picker="month"
        allowClear
        placeholder={t('home.range.month')}
        value={period.kind === 'month' ? dayjs(`${period.month}-01`) : null}
        disabledDate={noFutureMonth}
        onChange={(value) => {
          const picked = Array.isArray(value) ? value[0] : value;
          if (picked) onChange({ kind: 'month', month: monthOf(picked) });
          else onChange({ kind: 'days', days: DEFAULT_CHART_RANGE });
        }}
        data-testid="home-month"
      />
    </Space>
  );
}
