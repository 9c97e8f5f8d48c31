import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { listOperationLog, logColumnTitleKey, startOperationLogExport, type DeviceOperation } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import type { ListQuery } from '../../../components/list/index.ts';
import { operationColumns } from '../../devices/detail/tabs/operationColumns.tsx';
import { LogSearchPage } from '../shared/LogSearchPage.tsx';

type Entry = DeviceOperation & { deviceCode: string };
interface Filters {
  deviceCode: string;
}

/** Nothing is searched until an IoT code is given (spec section 5: the operation log needs one). */
function loadOperations({ pageIndex, pageSize, deviceCode }: ListQuery<Filters>) {
  if (!deviceCode) return Promise.resolve({ list: [], totalSize: 0 });
  return call(listOperationLog, { pageIndex, pageSize, deviceCode });
}

/** The device operation log by IoT code: who did what, each field and point by name, and the outcome. */
export function OperationLogSearch() {
  const { t } = useTranslation();
  const columns = operationColumns<Entry>(t, [
    { title: t(logColumnTitleKey('operation', 'deviceCode')), dataIndex: 'deviceCode' },
  ]);
  return (
    <LogSearchPage<Entry, Filters>
      listName="operationLog"
      initialFilters={{ deviceCode: '' }}
      load={loadOperations}
      columns={columns}
      rowKey="operationId"
      title={t('logs.operationTitle')}
      testId="operation-log-table"
      exportSearch={({ deviceCode }) => call(startOperationLogExport, { deviceCode })}
      exportable={(filters) => filters.deviceCode !== ''}
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
