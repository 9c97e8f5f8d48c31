import { useState } from 'react';
import { Form, Input, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  listModuleLinkLog,
  listReportModeLog,
  MODULE_LINK_LOG_COLUMNS,
  REPORT_MODE_LOG_COLUMNS,
  startModuleLinkLogExport,
  startReportModeLogExport,
  type CallResponse,
  type DtuLogSearch,
  type ModuleLinkEntry,
  type ModuleLinkLogColumn,
  type ReportModeEntry,
  type ReportModeLogColumn,
  type startDeviceExport,
} from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { formatTime, type ListQuery, type PageAnswer } from '../../../components/list/index.ts';
import { ZonedRangePicker } from '../../../components/time/ZonedPickers.tsx';
import { LogSearchPage } from '../shared/LogSearchPage.tsx';
import { logTableColumns } from '../shared/logColumns.ts';
import { lastDay, rangeToTimes, timesToRange, type TimeRangeFilters } from '../shared/timeRange.ts';

interface Filters extends TimeRangeFilters {
  deviceCode: string;
}
interface FormValues {
  deviceCode?: string;
  range?: [Dayjs, Dayjs] | null;
}
type Search = Filters & { pageIndex: number; pageSize: number };

const toFilters = (values: FormValues): Filters => ({
  deviceCode: values.deviceCode?.trim() ?? '',
  ...rangeToTimes(values.range),
});
const toFormValues = (filters: Filters): FormValues => ({
  deviceCode: filters.deviceCode,
  range: timesToRange(filters),
});

/** Nothing is searched until an IoT code is given (like the communication log: an IoT code and a range). */
const loader =
  <Row,>(list: (search: Search) => Promise<PageAnswer<Row>>) =>
  ({ pageIndex, pageSize, deviceCode, startTime, endTime }: ListQuery<Filters>) =>
    deviceCode
      ? list({ pageIndex, pageSize, deviceCode, startTime, endTime })
      : Promise.resolve({ list: [], totalSize: 0 });

/** A DTU log's two calls: its search (a page of it) and the export of that search. */
interface DtuLogCalls<Row> {
  load: (query: ListQuery<Filters>) => Promise<PageAnswer<Row>>;
  startExport: (search: DtuLogSearch) => Promise<CallResponse<typeof startDeviceExport>>;
}

const LINK_CALLS: DtuLogCalls<ModuleLinkEntry> = {
  load: loader((search) => call(listModuleLinkLog, search)),
  startExport: (search) => call(startModuleLinkLogExport, search),
};
const MODE_CALLS: DtuLogCalls<ReportModeEntry> = {
  load: loader((search) => call(listReportModeLog, search)),
  startExport: (search) => call(startReportModeLogExport, search),
};

/**
 * The search form and table of one DTU log and the export of the search shown (once it has an IoT code): `name`
 * names its test ids (`<name>-table`, `<name>-table-export`, `<name>-device-code`).
 */
function DtuLogTable<Row extends object>({
  name,
  title,
  columns,
  calls,
}: {
  name: string;
  title: string;
  columns: TableColumnsType<Row>;
  calls: DtuLogCalls<Row>;
}) {
  const { t } = useTranslation();
  const [initialFilters] = useState<Filters>(() => ({ deviceCode: '', ...lastDay() }));
  return (
    <LogSearchPage<Row, Filters, FormValues>
      listName={name}
      initialFilters={initialFilters}
      load={calls.load}
      toFilters={toFilters}
      toFormValues={toFormValues}
      columns={columns}
      rowKey={(row) => JSON.stringify(row)}
      title={title}
      testId={`${name}-table`}
      exportSearch={({ deviceCode, startTime, endTime }) => calls.startExport({ deviceCode, startTime, endTime })}
      exportable={(filters) => filters.deviceCode !== ''}
      searchFields={
        <>
          <Form.Item
            name="deviceCode"
            label={t('logs.deviceCode')}
            rules={[{ required: true, whitespace: true, message: t('logs.deviceCodeRequired') }]}
          >
            <Input allowClear maxLength={64} data-testid={`${name}-device-code`} />
          </Form.Item>
          <Form.Item
            name="range"
            label={t('logs.timeRange')}
            rules={[{ required: true, message: t('logs.timeRangeRequired') }]}
          >
            <ZonedRangePicker showTime data-testid={`${name}-range`} />
          </Form.Item>
        </>
      }
    />
  );
}

type Column<Row> = TableColumnsType<Row>[number];

/** The time column: a change's time, and whether it is the state the range began in (the last change before it). */
function timeColumn<Row extends { time: string; beforeRange?: true }>(t: TFunction): Column<Row> {
  return {
    render: (time: string, row) => (
      <>
        {formatTime(time)}
        {row.beforeRange && (
          <Tag style={{ marginInlineStart: 8 }} data-testid="dtu-log-before-range">
            {t('logs.dtu.beforeRange')}
          </Tag>
        )}
      </>
    ),
  };
}

/** The module communication log: each change of the DTU-mainboard link a DTU reported, with its time. */
export function ModuleLinkLogSearch() {
  const { t } = useTranslation();
  const columns = logTableColumns<ModuleLinkEntry, ModuleLinkLogColumn>(t, 'moduleLink', MODULE_LINK_LOG_COLUMNS, {
    time: timeColumn(t),
    link: {
      render: (link: ModuleLinkEntry['link']) => (
        <Tag color={link === 'up' ? 'green' : 'red'}>{t(`logs.dtu.links.${link}`)}</Tag>
      ),
    },
  });
  return <DtuLogTable name="module-link-log" title={t('logs.moduleLinkTitle')} columns={columns} calls={LINK_CALLS} />;
}

/** The mode log: each change of the way a unit reports (its own topic, or a gateway's interface), with the topic. */
export function ReportModeLogSearch() {
  const { t } = useTranslation();
  const columns = logTableColumns<ReportModeEntry, ReportModeLogColumn>(t, 'mode', REPORT_MODE_LOG_COLUMNS, {
    time: timeColumn(t),
    mode: { render: (mode: ReportModeEntry['mode']) => <Tag>{t(`logs.dtu.modes.${mode}`)}</Tag> },
    topic: { render: (topic: string) => <Typography.Text code>{topic}</Typography.Text> },
  });
  return <DtuLogTable name="mode-log" title={t('logs.modeTitle')} columns={columns} calls={MODE_CALLS} />;
}
