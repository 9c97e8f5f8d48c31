import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceOperation, OperationOutcome } from '@dcc/contract';
import { codeNames } from '../../../../components/codeNames.ts';
import { formatTime } from '../../../../components/list/index.ts';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { DeviceLogTable } from './DeviceLogTable.tsx';
import { loadOperations } from './historyHooks.ts';
import { operationContent } from './operationContent.ts';

const OUTCOME_COLORS: Record<OperationOutcome, string> = {
  applied: 'green',
  refused: 'orange',
  noReply: 'default',
  rejected: 'red',
};

/** The device's operation log: commands and every change of the device and its bindings, newest first, each action, field and point by name. */
export default function OperationLogTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<DeviceOperation> = [
    { title: t('deviceHistory.operation.time'), dataIndex: 'createTime', render: formatTime },
    {
      title: t('deviceHistory.operation.action'),
      dataIndex: 'action',
      render: (action: DeviceOperation['action']) => codeNames.operationAction(t, action),
    },
    {
      title: t('deviceHistory.operation.operator'),
      dataIndex: 'operatorName',
      render: (name: string, entry) => name || (entry.operatorId === null ? t('deviceHistory.operation.byDevice') : ''),
    },
    {
      title: t('deviceHistory.operation.summary'),
      key: 'content',
      render: (_, entry) =>
        operationContent(entry, { t, time: formatTime }).map((line, index) => (
          <div key={`${index}:${line}`}>{line}</div>
        )),
    },
    {
      title: t('deviceHistory.operation.outcome'),
      dataIndex: 'outcome',
      render: (outcome: OperationOutcome) => <Tag color={OUTCOME_COLORS[outcome]}>{codeNames.outcome(t, outcome)}</Tag>,
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
