import type { ReactNode } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { Firmware } from '@dcc/contract';
import { formatTime } from '../../../components/list/index.ts';
import { formatSize } from '../area.ts';

/** The spec's firmware columns (name, size, version, codes, supports upgrade, import time, type), with the row's actions when given. */
export function firmwareColumns(
  t: TFunction,
  actions: ((row: Firmware) => ReactNode) | null,
): TableColumnsType<Firmware> {
  return [
    { title: t('otaCatalog.name'), dataIndex: 'name' },
    { title: t('otaCatalog.product'), dataIndex: 'productName' },
    {
      title: t('otaCatalog.type'),
      dataIndex: 'type',
      render: (type: Firmware['type']) => t(`otaCatalog.types.${type}`),
    },
    { title: t('otaCatalog.size'), dataIndex: 'size', render: formatSize },
    { title: t('otaCatalog.version'), dataIndex: 'version' },
    { title: t('otaCatalog.softwareCode'), dataIndex: 'softwareCode' },
    { title: t('otaCatalog.hardwareCode'), dataIndex: 'hardwareCode' },
    {
      title: t('otaCatalog.supportsUpgrade'),
      dataIndex: 'supportsUpgrade',
      render: (yes: boolean) => (
        <Tag color={yes ? 'green' : 'default'}>{t(yes ? 'otaCatalog.yes' : 'otaCatalog.no')}</Tag>
      ),
    },
    { title: t('otaCatalog.uploader'), dataIndex: 'dealersName' },
    { title: t('otaCatalog.importTime'), dataIndex: 'importTime', render: formatTime },
    ...(actions
      ? [{ title: t('otaCatalog.actions'), key: 'actions', render: (_v: unknown, row: Firmware) => actions(row) }]
      : []),
  ];
}
