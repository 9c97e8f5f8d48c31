import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Tag, type TableColumnsType } from 'antd';
import { Button, queryImportantDevice, updateImportantStatus, type Device } from '@dcc/contract';
import { call } from '../../../../api/client.ts';
import { codeNames } from '../../../../components/codeNames.ts';
import { DEVICE_STATUS_COLORS } from '../../../../components/deviceColors.ts';
import { PagedTable, type ListQuery } from '../../../../components/list/index.ts';
import { useSession } from '../../../../session/session.ts';
import { deviceDetailPath } from '../../../devices/paths.ts';
import { FaultIndicator } from './FaultIndicator.tsx';
import { useFollowColumn } from './useFollowColumn.tsx';

export const KEY_DEVICE_LIST = 'home.keyDevices';

type NoFilters = Record<string, never>;

/** One page of the caller's followed devices in the subtree, in the list's shape. */
async function loadKeyDevices({ pageIndex, pageSize }: ListQuery<NoFilters>) {
  const { dataList, total } = await call(queryImportantDevice, { pageIndex, pageSize });
  return { list: dataList, totalSize: total };
}

/** Tab "key device inspection" (B82): the followed devices, paged by 10; the code links to the detail only with B101. */
export function KeyDevicesTable() {
  const { t } = useTranslation();
  const linksDetail = useSession().buttons.has(Button.DEVICE_DETAIL_LINK);
  const follow = useFollowColumn<Device>({
    listName: KEY_DEVICE_LIST,
    idOf: (row) => row.deviceId,
    unfollow: (deviceId) => call(updateImportantStatus, { deviceId, isImportant: 0 }),
    doneKey: 'devices.unfollowed',
    testId: 'key-device-unfollow',
  });
  const columns: TableColumnsType<Device> = [
    follow,
    {
      key: 'deviceCode',
      title: t('home.device.code'),
      render: (_, row) =>
        linksDetail ? (
          <Link to={deviceDetailPath(row)} data-testid="key-device-link">
            {row.deviceCode}
          </Link>
        ) : (
          <span data-testid="key-device-code">{row.deviceCode}</span>
        ),
    },
    { key: 'deviceName', title: t('home.device.name'), dataIndex: 'deviceName' },
    { key: 'product', title: t('home.device.product'), dataIndex: 'productName' },
    {
      key: 'status',
      title: t('home.device.status'),
      render: (_, row) => (
        <Tag color={DEVICE_STATUS_COLORS[row.status]} data-testid="key-device-status">
          {codeNames.deviceStatus(t, row.status)}
        </Tag>
      ),
    },
    {
      key: 'fault',
      title: t('home.device.fault'),
      render: (_, row) => <FaultIndicator deviceId={row.deviceId} faulty={row.faultState} />,
    },
  ];
  return (
    <PagedTable<Device, NoFilters>
      listName={KEY_DEVICE_LIST}
      initialFilters={{}}
      load={loadKeyDevices}
      columns={columns}
      rowKey="deviceId"
      size="middle"
      testId="key-device-table"
    />
  );
}
