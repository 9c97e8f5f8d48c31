import { Form, Input, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ABNORMAL_REASONS, type AbnormalDevice } from '@dcc/contract';
import { codeNames } from '../../../components/codeNames.ts';
import { FilterSelect, formatTime, PagedTable } from '../../../components/list/index.ts';
import { DeviceLink } from '../DeviceLink.tsx';
import { ABNORMAL_LIST, loadAbnormalDevices, type AbnormalFilters } from '../hooks.ts';
import { toRangeValue, toTimeRange, type TimeRangeValue } from '../timeRange.ts';
import { ZonedRangePicker } from '../../../components/time/ZonedPickers.tsx';

type FormValues = Omit<AbnormalFilters, 'startTime' | 'endTime'> & { range?: TimeRangeValue };

const toFilters = ({ range, ...values }: FormValues): AbnormalFilters => ({
  keyword: values.keyword?.trim() ?? '',
  reason: values.reason ?? '',
  ...toTimeRange(range),
});
const toFormValues = ({ startTime, endTime, ...filters }: AbnormalFilters): FormValues => ({
  ...filters,
  range: toRangeValue({ startTime, endTime }),
});

const REASON_COLORS: Record<AbnormalDevice['reasons'][number]['reason'], string> = {
  malformed: 'red',
  flood: 'volcano',
  outOfRange: 'orange',
  longOffline: 'default',
};

/** Device management > Abnormal devices (B205): devices with refused, throttled or out-of-range reports, or offline long, with each reason's counts. */
export default function AbnormalDeviceManagePage() {
  const { t } = useTranslation();
  const reasonTags = (reasons: AbnormalDevice['reasons']) => (
    <Space size={[4, 4]} wrap>
      {reasons.map((r) => (
        <Tooltip key={r.reason} title={r.codes.map((c) => `${c.name} × ${c.count}`).join(', ') || undefined}>
          <Tag color={REASON_COLORS[r.reason]} data-testid={`abnormal-reason-${r.reason}`}>
            {codeNames.abnormalReason(t, r.reason, r.count)}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
  const columns: TableColumnsType<AbnormalDevice> = [
    {
      title: t('deviceFaults.deviceCode'),
      dataIndex: 'deviceCode',
      render: (_code: string, row) => <DeviceLink device={row} />,
    },
    { title: t('deviceFaults.deviceName'), dataIndex: 'deviceName' },
    { title: t('deviceFaults.product'), dataIndex: 'productName' },
    { title: t('deviceFaults.dealer'), dataIndex: 'dealersName' },
    {
      title: t('deviceFaults.deviceStatus'),
      dataIndex: 'deviceStatus',
      render: (status: AbnormalDevice['deviceStatus']) => t(`deviceFaults.deviceStatus.${status}`),
    },
    { title: t('deviceFaults.reasons'), dataIndex: 'reasons', render: reasonTags },
    { title: t('deviceFaults.lastAbnormalTime'), dataIndex: 'lastTime', render: formatTime },
    { title: t('deviceFaults.lastOnlineTime'), dataIndex: 'lastOnlineTime', render: formatTime },
  ];
  return (
    <PagedTable<AbnormalDevice, AbnormalFilters, FormValues>
      listName={ABNORMAL_LIST}
      initialFilters={{ keyword: '', reason: '', startTime: '', endTime: '' }}
      load={loadAbnormalDevices}
      columns={columns}
      rowKey="deviceId"
      title={t('menu.abnormalDeviceManage')}
      toFilters={toFilters}
      toFormValues={toFormValues}
      searchFields={
        <>
          <Form.Item name="keyword" label={t('deviceFaults.keyword')}>
            <Input
              allowClear
              maxLength={50}
              placeholder={t('deviceFaults.keywordPlaceholder')}
              data-testid="abnormal-table-keyword"
            />
          </Form.Item>
          <FilterSelect
            name="reason"
            label={t('deviceFaults.reason')}
            options={ABNORMAL_REASONS.map((reason) => ({ value: reason, label: t(`deviceFaults.reason.${reason}`) }))}
            width={160}
            testId="abnormal-table-reason"
          />
          <Form.Item name="range" label={t('deviceFaults.lastAbnormalTime')}>
            <ZonedRangePicker showTime data-testid="abnormal-table-range" />
          </Form.Item>
        </>
      }
      testId="abnormal-table"
    />
  );
}
