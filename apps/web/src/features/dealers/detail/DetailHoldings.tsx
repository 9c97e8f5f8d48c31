import { useState } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device, Project } from '@dcc/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, formatTime } from '../../../components/list/index.ts';
import { deviceColumns } from '../../devices/list/deviceColumns.tsx';
import { useDealerDevices, useDealerProjects } from '../hooks.ts';

const PAGE_SIZE = 10;

interface OwnedTableProps<Row> {
  rowKey: keyof Row & string;
  testId: string;
  columns: TableColumnsType<Row>;
  dealerId: string;
  /** One page of the dealer's rows. */
  usePage(dealerId: string, pageIndex: number): UseQueryResult<{ list: Row[]; totalSize: number }>;
  /** The catalog key of "{{count}} rows". */
  totalKey: string;
}

/** What the dealer owns itself, one server page at a time. */
function OwnedTable<Row extends object>({
  rowKey,
  testId,
  columns,
  dealerId,
  usePage,
  totalKey,
}: OwnedTableProps<Row>) {
  const { t } = useTranslation();
  const [pageIndex, setPageIndex] = useState(1);
  const page = usePage(dealerId, pageIndex);
  const total = page.data?.totalSize ?? 0;
  return (
    <DataTable<Row>
      rowKey={rowKey}
      size="small"
      loading={page.isLoading}
      dataSource={page.data?.list ?? []}
      data-testid={testId}
      columns={columns}
      pagination={{
        current: pageIndex,
        pageSize: PAGE_SIZE,
        total,
        onChange: setPageIndex,
        showTotal: () => t(totalKey, { count: total }),
      }}
    />
  );
}

/** The device list's columns the dealer page shows (the owner is the page's dealer; no sorting here). */
const DEVICE_COLUMNS = new Set([
  'deviceCode',
  'deviceName',
  'productName',
  'projectName',
  'status',
  'faultState',
  'lastOnlineTime',
]);
const columnKey = (column: TableColumnsType<Device>[number]) =>
  String(column.key ?? ('dataIndex' in column ? column.dataIndex : ''));

/** The devices the dealer owns itself, with the device list's columns. */
export function DetailDevices({ dealerId }: { dealerId: string }) {
  const { t } = useTranslation();
  const columns = deviceColumns(t)
    .filter((column) => DEVICE_COLUMNS.has(columnKey(column)))
    .map(({ sorter: _sorter, fixed: _fixed, ...column }) => column);
  return (
    <OwnedTable<Device>
      rowKey="deviceId"
      testId="detail-devices"
      columns={columns}
      dealerId={dealerId}
      usePage={useDealerDevices}
      totalKey="dealers.devicesTotal"
    />
  );
}

const CHECK_STATE_COLORS = ['default', 'processing', 'success', 'error'] as const;

/** The projects the dealer owns itself. */
export function DetailProjects({ dealerId }: { dealerId: string }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Project> = [
    { title: t('dealers.project.name'), dataIndex: 'projectName' },
    {
      title: t('dealers.project.kind'),
      dataIndex: 'isCenControl',
      render: (flag: Project['isCenControl']) => t(`dealers.project.cenControl.${flag}`),
    },
    { title: t('dealers.project.province'), dataIndex: 'provinceText' },
    { title: t('dealers.project.devices'), dataIndex: 'allDeviceCount' },
    {
      title: t('dealers.project.checkState'),
      dataIndex: 'projectCheckState',
      render: (state: Project['projectCheckState']) => (
        <Tag color={CHECK_STATE_COLORS[state]}>{t(`dealers.project.state.${state}`)}</Tag>
      ),
    },
    { title: t('dealers.createTime'), dataIndex: 'createTime', render: formatTime },
  ];
  return (
    <OwnedTable<Project>
      rowKey="projectId"
      testId="detail-projects"
      columns={columns}
      dealerId={dealerId}
      usePage={useDealerProjects}
      totalKey="dealers.projectsTotal"
    />
  );
}
