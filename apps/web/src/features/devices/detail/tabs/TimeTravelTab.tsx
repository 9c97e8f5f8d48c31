import { useState } from 'react';
import { Alert, Button, Card, Form, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CallResponse, getDeviceValuesAt } from '@dcc/contract';
import { DataTable, formatTime } from '../../../../components/list/index.ts';
import { shownValue } from '../../../../components/emptyValue.ts';
import { fromPickerTime } from '../../../../components/time/platformTime.ts';
import { ZonedDatePicker } from '../../../../components/time/ZonedPickers.tsx';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { useValuesAt } from './historyHooks.ts';

type PointThen = CallResponse<typeof getDeviceValuesAt>['dataList'][number];

/** Point-history time travel: pick a moment and see every parameter as it was then (its newest value at or before it). */
export default function TimeTravelTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const [moment, setMoment] = useState<string | null>(null);
  const values = useValuesAt(deviceId, moment);
  const columns: TableColumnsType<PointThen> = [
    { title: t('deviceHistory.timeTravel.address'), dataIndex: 'address' },
    { title: t('deviceHistory.timeTravel.code'), dataIndex: 'code' },
    { title: t('deviceHistory.timeTravel.name'), dataIndex: 'name' },
    {
      title: t('deviceHistory.timeTravel.value'),
      key: 'value',
      render: (_, point) =>
        point.value === null ? shownValue(null) : `${point.value}${point.unit ? ` ${point.unit}` : ''}`,
    },
    { title: t('deviceHistory.timeTravel.reportedAt'), dataIndex: 'reportedAt', render: formatTime },
  ];
  return (
    <Card title={t('deviceHistory.timeTravel.title')}>
      <Form<{ moment?: Dayjs }>
        layout="inline"
        onFinish={({ moment: picked }) => setMoment(picked ? fromPickerTime(picked) : null)}
        style={{ marginBottom: 16 }}
      >
        <Form.Item
          name="moment"
          label={t('deviceHistory.timeTravel.moment')}
          rules={[{ required: true, message: t('deviceHistory.timeTravel.momentRequired') }]}
        >
          <ZonedDatePicker showTime data-testid="time-travel-moment" />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="time-travel-show">
          {t('deviceHistory.timeTravel.show')}
        </Button>
      </Form>
      {values.isError && (
        <Alert type="error" showIcon title={t('deviceHistory.loadFailed')} style={{ marginBottom: 16 }} />
      )}
      {moment && (
        <Alert
          type="info"
          showIcon
          title={t('deviceHistory.timeTravel.asOf', { time: formatTime(moment) })}
          style={{ marginBottom: 16 }}
        />
      )}
      <DataTable<PointThen>
        rowKey="address"
        columns={columns}
        dataSource={values.data?.dataList}
        pending={values.isPending && values.isFetching}
        loading={values.isFetching}
        pagination={false}
        size="small"
        data-testid="time-travel-table"
      />
    </Card>
  );
}
