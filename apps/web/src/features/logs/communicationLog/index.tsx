import { useState } from 'react';
import { Form, Input, Select, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { listCommunicationLog, startCommunicationLogExport } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import type { ListQuery } from '../../../components/list/index.ts';
import { ZonedRangePicker } from '../../../components/time/ZonedPickers.tsx';
import { useDirectionOptions, type DirectionFilter } from '../shared/directionOptions.ts';
import { PacketLogTable } from '../shared/PacketLogTable.tsx';
import { lastDay, rangeToTimes, timesToRange, type TimeRangeFilters } from '../shared/timeRange.ts';
import { ModuleLinkLogSearch, ReportModeLogSearch } from './DtuLogSearch.tsx';
import { OperationLogSearch } from './OperationLogSearch.tsx';

interface Filters extends TimeRangeFilters {
  deviceCode: string;
  direction: DirectionFilter;
}
interface FormValues {
  deviceCode?: string;
  direction?: Filters['direction'];
  range?: [Dayjs, Dayjs] | null;
}

const EMPTY = { list: [], totalSize: 0 };

/** Nothing is searched until an IoT code is given (spec section 5: the device log needs one). */
function loadPackets({ pageIndex, pageSize, deviceCode, direction, startTime, endTime }: ListQuery<Filters>) {
  if (!deviceCode) return Promise.resolve(EMPTY);
  return call(listCommunicationLog, { pageIndex, pageSize, deviceCode, direction, startTime, endTime });
}

const toFilters = (values: FormValues): Filters => ({
  deviceCode: values.deviceCode?.trim() ?? '',
  direction: values.direction ?? '',
  ...rangeToTimes(values.range),
});
const toFormValues = (filters: Filters): FormValues => ({
  deviceCode: filters.deviceCode,
  direction: filters.direction,
  range: timesToRange(filters),
});

function CommunicationSearch() {
  const { t } = useTranslation();
  const [initialFilters] = useState<Filters>(() => ({ deviceCode: '', direction: '', ...lastDay() }));
  const directions = useDirectionOptions();
  return (
    <PacketLogTable<Filters, FormValues>
      listName="communicationLog"
      initialFilters={initialFilters}
      load={loadPackets}
      toFilters={toFilters}
      toFormValues={toFormValues}
      title={t('logs.communicationTitle')}
      testId="communication-log-table"
      exportSearch={({ deviceCode, direction, startTime, endTime }) =>
        call(startCommunicationLogExport, { deviceCode, direction, startTime, endTime })
      }
      exportable={(filters) => filters.deviceCode !== ''}
      searchFields={
        <>
          <Form.Item
            name="deviceCode"
            label={t('logs.deviceCode')}
            rules={[{ required: true, whitespace: true, message: t('logs.deviceCodeRequired') }]}
          >
            <Input allowClear maxLength={64} data-testid="communication-log-device-code" />
          </Form.Item>
          <Form.Item name="direction" label={t('deviceHistory.packets.direction')}>
            <Select options={directions} style={{ minWidth: 120 }} data-testid="communication-log-direction" />
          </Form.Item>
          <Form.Item
            name="range"
            label={t('logs.timeRange')}
            rules={[{ required: true, message: t('logs.timeRangeRequired') }]}
          >
            <ZonedRangePicker showTime data-testid="communication-log-range" />
          </Form.Item>
        </>
      }
    />
  );
}

/** Log management > Device communication log (B176): a device's packets in and out, parsed, its operation log, its module communication (DTU-mainboard link) log and its mode log. */
export default function CommunicationLogPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'communication', label: t('logs.tabs.communication'), children: <CommunicationSearch /> },
        { key: 'operation', label: t('logs.tabs.operation'), children: <OperationLogSearch /> },
        // The spec names no route of their own for these two logs (section 2): tabs of this page.
        { key: 'moduleLink', label: t('logs.tabs.moduleLink'), children: <ModuleLinkLogSearch /> },
        { key: 'mode', label: t('logs.tabs.mode'), children: <ReportModeLogSearch /> },
      ]}
    />
  );
}
