import { Form, Input, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  OTA_CALLS,
  PARAM_STATUSES,
  UPGRADE_STATUSES,
  type OtaTaskDevice,
  type ParamStatus,
  type UpgradeStatus,
} from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { FilterSelect, formatTime, PagedTable, type ListQuery } from '../../../components/list/index.ts';
import { otaListName, useOtaArea } from '../area.ts';

type Row = OtaTaskDevice & { taskId: string; firmwareName: string; rollback: boolean };
type Filters = { deviceCode: string; upgradeStatus: UpgradeStatus | ''; paramStatus: ParamStatus | '' };
const INITIAL: Filters = { deviceCode: '', upgradeStatus: '', paramStatus: '' };

const STATUS_COLOR: Record<UpgradeStatus, string> = {
  upgrading: 'processing',
  failed: 'red',
  downloadFailed: 'orange',
  finished: 'green',
  cancelled: 'default',
};

/** OTA > upgradeRecordList (B203 / B184): every device's upgrades with the spec's upgrade and parameter statuses. */
export default function UpgradeRecordListPage() {
  const { t } = useTranslation();
  const generation = useOtaArea();
  const load = ({ pageIndex, pageSize, ...filters }: ListQuery<Filters>) =>
    call(OTA_CALLS[generation].listUpgradeRecords, {
      pageIndex,
      pageSize,
      deviceCode: filters.deviceCode,
      upgradeStatus: filters.upgradeStatus,
      paramStatus: filters.paramStatus,
    });
  const columns: TableColumnsType<Row> = [
    { title: t('otaCatalog.deviceCode'), dataIndex: 'deviceCode' },
    { title: t('otaCatalog.deviceName'), dataIndex: 'deviceName' },
    {
      title: t('otaCatalog.firmware'),
      dataIndex: 'firmwareName',
      render: (name: string, row) => (
        <>
          {name} {row.rollback && <Tag>{t('otaCatalog.rollback')}</Tag>}
        </>
      ),
    },
    { title: t('otaCatalog.fromVersion'), dataIndex: 'fromVersion' },
    { title: t('otaCatalog.toVersion'), dataIndex: 'toVersion' },
    {
      title: t('otaCatalog.upgradeStatus'),
      dataIndex: 'upgradeStatus',
      render: (status: UpgradeStatus) => (
        <Tag color={STATUS_COLOR[status]}>{t(`otaCatalog.upgradeStatuses.${status}`)}</Tag>
      ),
    },
    {
      title: t('otaCatalog.paramStatus'),
      dataIndex: 'paramStatus',
      render: (status: ParamStatus) => t(`otaCatalog.paramStatuses.${status}`),
    },
    { title: t('otaCatalog.updateTime'), dataIndex: 'updateTime', render: formatTime },
  ];
  return (
    <PagedTable<Row, Filters>
      listName={otaListName(generation, 'records')}
      initialFilters={INITIAL}
      load={load}
      columns={columns}
      rowKey={(row) => `${row.taskId}-${row.deviceId}`}
      title={`${t(`otaCatalog.area.${generation}`)} · ${t('otaCatalog.recordsTitle')}`}
      size="middle"
      searchFields={
        <>
          <Form.Item name="deviceCode" label={t('otaCatalog.deviceCode')}>
            <Input allowClear maxLength={50} data-testid="ota-record-code" />
          </Form.Item>
          <FilterSelect
            name="upgradeStatus"
            label={t('otaCatalog.upgradeStatus')}
            options={UPGRADE_STATUSES.map((s) => ({ value: s, label: t(`otaCatalog.upgradeStatuses.${s}`) }))}
            allLabel={t('otaCatalog.allStatuses')}
            width={180}
            testId="ota-record-upgrade-status"
          />
          <FilterSelect
            name="paramStatus"
            label={t('otaCatalog.paramStatus')}
            options={PARAM_STATUSES.map((s) => ({ value: s, label: t(`otaCatalog.paramStatuses.${s}`) }))}
            allLabel={t('otaCatalog.allStatuses')}
            width={220}
            testId="ota-record-param-status"
          />
        </>
      }
      testId="ota-record-table"
    />
  );
}
