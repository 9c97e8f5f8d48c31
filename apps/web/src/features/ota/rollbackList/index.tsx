import { Form, Input, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  INITIALIZATION_STATUSES,
  OTA_CATALOG_CALLS,
  type InitializationStatus,
  type OtaRollbackRecord,
} from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { FilterSelect, formatTime, PagedTable, type ListQuery } from '../../../components/list/index.ts';
import { otaListName, useOtaArea } from '../area.ts';

type Filters = { deviceCode: string; status: InitializationStatus | '' };
const INITIAL: Filters = { deviceCode: '', status: '' };

const STATUS_COLOR: Record<InitializationStatus, string> = {
  initializing: 'processing',
  success: 'green',
  failure: 'red',
};

/** OTA > rollbackList (B198 / B183): the devices of rollback (initialize) tasks with their initialization status. */
export default function RollbackListPage() {
  const { t } = useTranslation();
  const generation = useOtaArea();
  const load = ({ pageIndex, pageSize, deviceCode, status }: ListQuery<Filters>) =>
    call(OTA_CATALOG_CALLS[generation].listRollbacks, { pageIndex, pageSize, deviceCode, status });
  const columns: TableColumnsType<OtaRollbackRecord> = [
    { title: t('otaCatalog.deviceCode'), dataIndex: 'deviceCode' },
    { title: t('otaCatalog.deviceName'), dataIndex: 'deviceName' },
    { title: t('otaCatalog.firmware'), dataIndex: 'firmwareName' },
    { title: t('otaCatalog.fromVersion'), dataIndex: 'fromVersion' },
    { title: t('otaCatalog.toVersion'), dataIndex: 'toVersion' },
    {
      title: t('otaCatalog.initStatus'),
      dataIndex: 'status',
      render: (status: InitializationStatus) => (
        <Tag color={STATUS_COLOR[status]}>{t(`otaCatalog.initStatuses.${status}`)}</Tag>
      ),
    },
    {
      title: t('otaCatalog.reason'),
      dataIndex: 'reason',
      render: (reason: string | null) =>
        reason ? t(`otaCatalog.reasons.${reason}`, { defaultValue: t('otaCatalog.reasons.failed') }) : '',
    },
    { title: t('otaCatalog.createTime'), dataIndex: 'createTime', render: formatTime },
    { title: t('otaCatalog.updateTime'), dataIndex: 'updateTime', render: formatTime },
  ];
  return (
    <PagedTable<OtaRollbackRecord, Filters>
      listName={otaListName(generation, 'rollbacks')}
      initialFilters={INITIAL}
      load={load}
      columns={columns}
      rowKey={(row) => `${row.taskId}-${row.deviceId}`}
      title={`${t(`otaCatalog.area.${generation}`)} · ${t('otaCatalog.rollbacksTitle')}`}
      size="middle"
      searchFields={
        <>
          <Form.Item name="deviceCode" label={t('otaCatalog.deviceCode')}>
            <Input allowClear maxLength={50} data-testid="ota-rollback-code" />
          </Form.Item>
          <FilterSelect
            name="status"
            label={t('otaCatalog.initStatus')}
            options={INITIALIZATION_STATUSES.map((s) => ({ value: s, label: t(`otaCatalog.initStatuses.${s}`) }))}
            allLabel={t('otaCatalog.allStatuses')}
            width={160}
            testId="ota-rollback-status"
          />
        </>
      }
      testId="ota-rollback-table"
    />
  );
}
