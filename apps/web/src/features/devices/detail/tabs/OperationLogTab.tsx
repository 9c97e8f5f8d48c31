import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceOperation, OperationOutcome } from '@dcc/contract';
import { formatTime } from '../../../../components/list/index.ts';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { DeviceLogTable } from './DeviceLogTable.tsx';
import { loadOperations } from './historyHooks.ts';

const OUTCOME_COLORS: Record<OperationOutcome, string> = { applied: 'green', refused: 'orange', noReply: 'default', rejected: 'red' };

/** The device's operation log: commands, activation, locking, moves and import, newest first. */
export default function OperationLogTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<DeviceOperation> = [
    { title: t('deviceHistory.operation.time'), dataIndex: 'createTime', render: formatTime },
    { title: t('deviceHistory.operation.action'), dataIndex: 'action', render: (action: DeviceOperation['action']) => t(`deviceHistory.operation.actions.${action}`) },
    { title: t('deviceHistory.operation.operator'), dataIndex: 'operatorName' },
    { title: t('deviceHistory.operation.summary'), dataIndex: 'summary' },
    {
      title: t('deviceHistory.operation.outcome'),
      dataIndex: 'outcome',
      render: (outcome: OperationOutcome) => <Tag color={OUTCOME_COLORS[outcome]}>{t(`deviceHistory.operation.outcomes.${outcome}`)}</Tag>,
    },
    { title: t('deviceHistory.operation.detail'), dataIndex: 'detail' },
    { title: t('deviceHistory.operation.finishTime'), dataIndex: 'finishTime', render: formatTime },
  ];
  return (
    <DeviceLogTable<DeviceOperation>
      name="operations"
      deviceId={deviceId}
      load={loadOperations(deviceId)}
      columns={columns}
      rowKey="operationId"
      title={t('deviceHistory.operation.title')}
      testId="operation-table"
    />
  );
}
