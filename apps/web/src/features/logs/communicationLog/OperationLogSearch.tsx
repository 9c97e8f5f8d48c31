import { Form, Input, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { listOperationLog, type DeviceOperation, type OperationOutcome } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { codeNames } from '../../../components/codeNames.ts';
import { formatTime, PagedTable, type ListQuery } from '../../../components/list/index.ts';
import { operationContent } from '../../devices/detail/tabs/operationContent.ts';

type Entry = DeviceOperation & { deviceCode: string };
interface Filters {
  deviceCode: string;
}

const OUTCOME_COLORS: Record<OperationOutcome, string> = {
  applied: 'green',
  refused: 'orange',
  noReply: 'default',
  rejected: 'red',
};

/** Nothing is searched until an IoT code is given (spec section 5: the operation log needs one). */
function loadOperations({ pageIndex, pageSize, deviceCode }: ListQuery<Filters>) {
  if (!deviceCode) return Promise.resolve({ list: [], totalSize: 0 });
  return call(listOperationLog, { pageIndex, pageSize, deviceCode });
}

/** The device operation log by IoT code: who did what, each field and point by name, and the outcome. */
export function OperationLogSearch() {
  const { t } = useTranslation();
  const columns: TableColumnsType<Entry> = [
    { title: t('deviceHistory.operation.time'), dataIndex: 'createTime', render: formatTime },
    { title: t('logs.deviceCode'), dataIndex: 'deviceCode' },
    {
      title: t('deviceHistory.operation.action'),
      dataIndex: 'action',
      render: (action: Entry['action']) => codeNames.operationAction(t, action),
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
  return (
    <PagedTable<Entry, Filters>
      listName="operationLog"
      initialFilters={{ deviceCode: '' }}
      load={loadOperations}
      columns={columns}
      rowKey="operationId"
      title={t('logs.operationTitle')}
      testId="operation-log-table"
      searchFields={
        <Form.Item
          name="deviceCode"
          label={t('logs.deviceCode')}
          rules={[{ required: true, whitespace: true, message: t('logs.deviceCodeRequired') }]}
        >
          <Input allowClear maxLength={64} data-testid="operation-log-device-code" />
        </Form.Item>
      }
    />
  );
}
