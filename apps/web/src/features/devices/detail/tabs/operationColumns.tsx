import { Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { DeviceOperation, OperationOutcome } from '@dcc/contract';
import { codeNames } from '../../../../components/codeNames.ts';
import { formatTime } from '../../../../components/list/index.ts';
import { operationContent } from './operationContent.ts';

const OUTCOME_COLORS: Record<OperationOutcome, string> = {
  applied: 'green',
  refused: 'orange',
  noReply: 'default',
  rejected: 'red',
};

/**
 * The operation log's columns (the device detail's tab, log management's operation log): time, then
 * `afterTime`, then action, operator, each field and point by name, outcome and detail.
 */
export function operationColumns<T extends DeviceOperation>(
  t: TFunction,
  afterTime: TableColumnsType<T> = [],
): TableColumnsType<T> {
  return [
    { title: t('deviceHistory.operation.time'), dataIndex: 'createTime', render: formatTime },
    ...afterTime,
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
  ];
}
