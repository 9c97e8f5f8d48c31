import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CallResponse, listDeviceStatusHistory } from '@dcc/contract';
import { DEVICE_STATUS_COLORS } from '../../../../components/deviceColors.ts';
import { formatTime } from '../../../../components/list/index.ts';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { DeviceLogTable } from './DeviceLogTable.tsx';
import { loadStatusHistory } from './historyHooks.ts';

type StatusChange = CallResponse<typeof listDeviceStatusHistory>['list'][number];

/** Device behaviour: every online/offline change with its reason code, meaning and what to check on site. */
export default function BehaviorTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<StatusChange> = [
    { title: t('deviceHistory.behavior.time'), dataIndex: 'time', render: formatTime },
    {
      title: t('deviceHistory.behavior.status'),
      dataIndex: 'status',
      render: (status: StatusChange['status']) => (
        <Tag color={DEVICE_STATUS_COLORS[status]}>{t(`deviceHistory.behavior.${status}`)}</Tag>
      ),
    },
    { title: t('deviceHistory.behavior.code'), dataIndex: 'code' },
    { title: t('deviceHistory.behavior.reason'), dataIndex: 'reason' },
    { title: t('deviceHistory.behavior.checkMethod'), dataIndex: 'checkMethod' },
  ];
  return (
    <DeviceLogTable<StatusChange>
      name="behavior"
      deviceId={deviceId}
      load={loadStatusHistory(deviceId)}
      columns={columns}
      rowKey={(row) => `${row.time}:${row.status}`}
      title={t('deviceHistory.behavior.title')}
      testId="behavior-table"
    />
  );
}
