import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceOperation } from '@dcc/contract';
import { formatTime } from '../../../../components/list/index.ts';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { DeviceLogTable } from './DeviceLogTable.tsx';
import { loadOperations } from './historyHooks.ts';
import { operationColumns } from './operationColumns.tsx';

/** The device's operation log: commands and every change of the device and its bindings, newest first, each action, field and point by name. */
export default function OperationLogTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<DeviceOperation> = [
    ...operationColumns<DeviceOperation>(t),
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
