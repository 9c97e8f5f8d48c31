import { Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { logColumnTitleKey, operationContent, type DeviceOperation, type OperationOutcome } from '@dcc/contract';
import { codeNames } from '../../../../components/codeNames.ts';
import { formatTime } from '../../../../components/list/index.ts';

const OUTCOME_COLORS: Record<OperationOutcome, string> = {
  applied: 'green',
  refused: 'orange',
  noReply: 'default',
  rejected: 'red',
};

const title = (t: TFunction, key: string) => t(logColumnTitleKey('operation', key));

/**
 * The operation log's columns (titles of the contract's OPERATION_LOG_COLUMNS, as the export writes them) (the device detail's tab, log management's operation log): time, then
 * `afterTime`, then action, operator, each field and point by name, outcome and detail.
 */
export function operationColumns<T extends DeviceOperation>(
  t: TFunction,
  afterTime: TableColumnsType<T> = [],
): TableColumnsType<T> {
  return [
    { title: title(t, 'createTime'), dataIndex: 'createTime', render: formatTime },
    ...afterTime,
    {
      title: title(t, 'action'),
      dataIndex: 'action',
      render: (action: DeviceOperation['action']) => codeNames.operationAction(t, action),
    },
    {
      title: title(t, 'operatorName'),
      dataIndex: 'operatorName',
      render: (name: string, entry) => name || (entry.operatorId === null ? t('deviceHistory.operation.byDevice') : ''),
    },
    {
      title: title(t, 'content'),
      key: 'content',
      render: (_, entry) =>
        operationContent(entry, { t: (key, params) => t(key, params), time: formatTime }).map((line, index) => (
          <div key={`${index}:${line}`}>{line}</div>
        )),
    },
    {
      title: title(t, 'outcome'),
      dataIndex: 'outcome',
      render: (outcome: OperationOutcome) => <Tag color={OUTCOME_COLORS[outcome]}>{codeNames.outcome(t, outcome)}</Tag>,
    },
    { title: title(t, 'detail'), dataIndex: 'detail' },
  ];
}
