import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable, formatTime } from '../../../../components/list/index.ts';
import { useCurrentFaults } from '../deviceQueries.ts';

/** The faults open now, live (a fault event re-reads them). */
export function CurrentFaults({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const faults = useCurrentFaults(deviceId);
  return (
    <DataTable
      rowKey="faultId"
      size="small"
      pagination={false}
      pending={faults.isPending}
      title={() => t('deviceDetail.home.currentFaults')}
      dataSource={faults.data?.list}
      locale={{ emptyText: t('deviceDetail.home.noFaults') }}
      data-testid="device-current-faults"
      columns={[
        {
          key: 'code',
          title: t('deviceDetail.fault.code'),
          render: (_, f) => (
            <Tag color="red" data-testid={`fault-${f.faultCode}`}>
              {f.faultCode}
            </Tag>
          ),
        },
        { key: 'description', title: t('deviceHistory.faults.description'), dataIndex: 'description' },
        { key: 'level', title: t('deviceDetail.fault.level'), dataIndex: 'level' },
        {
          key: 'type',
          title: t('deviceDetail.fault.type'),
          render: (_, f) => t(`deviceDetail.faultType.${f.faultType}`),
        },
        { key: 'start', title: t('deviceDetail.fault.startTime'), render: (_, f) => formatTime(f.startTime) },
      ]}
    />
  );
}
