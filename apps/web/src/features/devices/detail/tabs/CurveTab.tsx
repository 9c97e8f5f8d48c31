import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Form, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSearchUpdate } from '../../../../app/useSearchUpdate.ts';
import { HISTORY_MAX_ADDRESSES } from '@dcc/contract';
import { useLocalName } from '../../../../i18n/useLocalName.ts';
import { fromPickerTime, toPickerTime } from '../../../../components/time/platformTime.ts';
import { ZonedRangePicker } from '../../../../components/time/ZonedPickers.tsx';
import { downloadBase64 } from '../../../protocols/points/downloadBase64.ts';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { useDebouncedValue } from '../../../../components/useDebouncedValue.ts';
import { curveColumns, spliceWindow, type CurveColumns, type CurveWindow } from './curveColumns.ts';
import { LazyCurveChart } from './lazyCurveChart.ts';
import { curveFromQuery, curveQuery, curveRangeProblem, lastDay, outsideCurveSpan } from './curveRange.ts';
import { useCurvePoints, useExportPointHistory, usePointHistory } from './historyHooks.ts';

interface CurveForm {
  addresses: number[];
  range: [Dayjs, Dayjs];
}

/** How long a zoom stays still before its window is asked for closer. */
const ZOOM_SETTLE_MS = 300;

const coversAll = (window: CurveWindow, times: readonly number[]) =>
  window.start <= times[0]! && window.end >= times.at(-1)!;

/** The curve: chosen points of mode R over at most 7 days, an ECharts line chart with zoom, and the shown window exported to Excel. */
export default function CurveTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const setSearch = useSearchUpdate();
  const [form] = Form.useForm<CurveForm>();
  const points = useCurvePoints(deviceId);
  const [asked, setAsked] = useState(() => curveFromQuery(search));
  const [shownWindow, setShownWindow] = useState<CurveWindow | null>(null);
  const history = usePointHistory(deviceId, asked?.addresses ?? [], asked?.range ?? null);
  // A thinned curve zoomed in asks for the window again, once the zoom has settled: closer frames for it.
  const settled = useDebouncedValue(shownWindow, ZOOM_SETTLE_MS);
  const zoom =
    shownWindow && settled && history.data?.thinned && !coversAll(settled, history.data.times) ? settled : null;
  const closer = usePointHistory(
    deviceId,
    asked?.addresses ?? [],
    zoom && { startTime: new Date(zoom.start).toISOString(), endTime: new Date(zoom.end).toISOString() },
  );
  const exporter = useExportPointHistory();
  // The chart's code (ECharts) loads while the history is asked for, not after it came.
  useEffect(() => {
    if (asked) void LazyCurveChart.preload();
  }, [asked]);

  const nameOf = useLocalName();
  const names = useMemo(
    () =>
      new Map(
        (points.data ?? []).map((point) => {
          const name = nameOf(point.name, point.enName);
          return [point.address, point.unit ? `${name} (${point.unit})` : name];
        }),
      ),
    [points.data, nameOf],
  );
  const pointOptions = useMemo(
    () =>
      (points.data ?? []).map((point) => ({
        value: point.address,
        label: `${nameOf(point.name, point.enName)} (${point.code})`,
      })),
    [points.data, nameOf],
  );
  const columns = useMemo<CurveColumns | null>(() => {
    if (!history.data || history.data.times.length === 0) return null;
    const nameOfAddress = (address: number) => names.get(address) ?? String(address);
    const whole = curveColumns(history.data, nameOfAddress);
    return zoom && closer.data ? spliceWindow(whole, curveColumns(closer.data, nameOfAddress), zoom) : whole;
  }, [history.data, closer.data, zoom, names]);

  const draw = ({ addresses, range }: CurveForm) => {
    const drawn = { addresses, range: { startTime: fromPickerTime(range[0]), endTime: fromPickerTime(range[1]) } };
    setShownWindow(null);
    setAsked(drawn);
    // Kept in the page's query: back from another tab (or reloaded), the curve is drawn again with the same points.
    setSearch((current) => curveQuery(current, drawn), { replace: true });
  };
  const exportShown = async () => {
    if (!asked) return;
    const range = shownWindow
      ? { startTime: new Date(shownWindow.start).toISOString(), endTime: new Date(shownWindow.end).toISOString() }
      : asked.range;
    const file = await exporter.mutateAsync({ deviceId, addressList: asked.addresses, ...range });
    downloadBase64(file.fileName, file.contentBase64);
  };
  const initialRange: [Dayjs, Dayjs] = asked
    ? [toPickerTime(asked.range.startTime), toPickerTime(asked.range.endTime)]
    : lastDay();

  return (
    <Card title={t('deviceHistory.curve.title')} data-testid="curve-card">
      <Form<CurveForm>
        form={form}
        layout="inline"
        initialValues={{ addresses: asked?.addresses ?? [], range: initialRange }}
        onFinish={draw}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item
          name="addresses"
          label={t('deviceHistory.curve.points')}
          rules={[
            {
              required: true,
              type: 'array',
              min: 1,
              max: HISTORY_MAX_ADDRESSES,
              message: t('deviceHistory.curve.pointsRequired', { max: HISTORY_MAX_ADDRESSES }),
            },
          ]}
        >
          <Select
            mode="multiple"
            allowClear
            loading={points.isLoading}
            style={{ minWidth: 320 }}
            optionFilterProp="label"
            options={pointOptions}
            data-testid="curve-points"
          />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('deviceHistory.curve.range')}
          rules={[
            {
              validator: (_, range: [Dayjs, Dayjs] | null) => {
                const problem = curveRangeProblem(range);
                return problem
                  ? Promise.reject(new Error(t(`deviceHistory.curve.rangeProblem.${problem}`)))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <ZonedRangePicker
            showTime
            disabledDate={(day, info) => outsideCurveSpan(day, info.from)}
            data-testid="curve-range"
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={history.isFetching} data-testid="curve-draw">
            {t('deviceHistory.curve.draw')}
          </Button>
          <Button
            disabled={!history.data || history.data.times.length === 0}
            loading={exporter.isPending}
            onClick={() => void exportShown()}
            data-testid="curve-export"
          >
            {t('deviceHistory.curve.export')}
          </Button>
        </Space>
      </Form>
      {history.isError && (
        <Alert type="error" showIcon title={t('deviceHistory.loadFailed')} style={{ marginBottom: 16 }} />
      )}
      {history.data && history.data.times.length === 0 && (
        <Empty description={t('deviceHistory.curve.noData')} data-testid="curve-empty" />
      )}
      {/* Drawn once the point names are known too, not redrawn when they come. */}
      {!points.isLoading && columns && (
        <LazyCurveChart key={JSON.stringify(asked)} columns={columns} onZoom={setShownWindow} />
      )}
    </Card>
  );
}
