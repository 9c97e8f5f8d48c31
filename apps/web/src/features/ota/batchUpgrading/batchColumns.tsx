import { Switch, Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { OtaBatchTask } from '@dcc/contract';
import { formatTime } from '../../../components/list/index.ts';

/** The spec's batch task columns (firmware name, software code and version, OTA type, created, counts, enabled). */
export function batchColumns(
  t: TFunction,
  toggle: ((row: OtaBatchTask, enabled: boolean) => void) | null,
  busy: string | null,
): TableColumnsType<OtaBatchTask> {
  return [
    { title: t('otaCatalog.name'), dataIndex: 'firmwareName' },
    { title: t('otaCatalog.product'), dataIndex: 'productName' },
    { title: t('otaCatalog.softwareCode'), dataIndex: 'softwareCode' },
    { title: t('otaCatalog.version'), dataIndex: 'version' },
    {
      title: t('otaCatalog.otaType'),
      dataIndex: 'otaType',
      render: (type: OtaBatchTask['otaType']) => t(`otaCatalog.types.${type}`),
    },
    { title: t('otaCatalog.createTime'), dataIndex: 'createTime', render: formatTime },
    {
      title: t('otaCatalog.successCount'),
      dataIndex: 'successCount',
      render: (n: number) => <Tag color="green">{n}</Tag>,
    },
    {
      title: t('otaCatalog.failCount'),
      dataIndex: 'failCount',
      render: (n: number) => <Tag color={n > 0 ? 'red' : 'default'}>{n}</Tag>,
    },
    {
      title: t('otaCatalog.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, row) =>
        toggle ? (
          <Switch
            checked={enabled}
            loading={busy === row.batchId}
            onChange={(next) => toggle(row, next)}
            aria-label={t(enabled ? 'otaCatalog.disable' : 'otaCatalog.enable')}
            data-testid={`batch-enabled-${row.batchId}`}
          />
        ) : (
          <Tag color={enabled ? 'green' : 'default'}>{t(enabled ? 'otaCatalog.yes' : 'otaCatalog.no')}</Tag>
        ),
    },
  ];
}
