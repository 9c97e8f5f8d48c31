import { useState } from 'react';
import { Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { queryCommunicationLog, startCommunicationQueryExport } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import type { ListQuery } from '../../../components/list/index.ts';
import { ZonedRangePicker } from '../../../components/time/ZonedPickers.tsx';
import { useDirectionOptions, type DirectionFilter } from '../shared/directionOptions.ts';
import { PacketLogTable } from '../shared/PacketLogTable.tsx';
import { lastDay, rangeToTimes, timesToRange, type TimeRangeFilters } from '../shared/timeRange.ts';

interface Filters extends TimeRangeFilters {
  direction: DirectionFilter;
}
interface FormValues {
  direction?: Filters['direction'];
  range?: [Dayjs, Dayjs] | null;
}

const loadPackets = ({ pageIndex, pageSize, direction, startTime, endTime }: ListQuery<Filters>) =>
  call(queryCommunicationLog, { pageIndex, pageSize, direction, startTime, endTime });

/** Log management > Communication log query (B225): the packets of every device of the subtree in a time range. */
export default function CommunicationLogQueryPage() {
  const { t } = useTranslation();
  const [initialFilters] = useState<Filters>(() => ({ direction: '', ...lastDay() }));
  const directions = useDirectionOptions();
  return (
    <PacketLogTable<Filters, FormValues>
      listName="communicationLogQuery"
      initialFilters={initialFilters}
      load={loadPackets}
      toFilters={(values) => ({ direction: values.direction ?? '', ...rangeToTimes(values.range) })}
      toFormValues={(filters) => ({ direction: filters.direction, range: timesToRange(filters) })}
      title={t('menu.communicationLogQuery')}
      testId="communication-query-table"
      exportSearch={({ direction, startTime, endTime }) =>
        call(startCommunicationQueryExport, { direction, startTime, endTime })
      }
      searchFields={
        <>
          <Form.Item name="direction" label={t('deviceHistory.packets.direction')}>
            <Select options={directions} style={{ minWidth: 120 }} data-testid="communication-query-direction" />
          </Form.Item>
          <Form.Item
            name="range"
            label={t('logs.timeRange')}
            rules={[{ required: true, message: t('logs.timeRangeRequired') }]}
          >
            <ZonedRangePicker showTime data-testid="communication-query-range" />
          </Form.Item>
        </>
      }
    />
  );
}
