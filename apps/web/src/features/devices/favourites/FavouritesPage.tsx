import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { listFavouriteDevices, type Device } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import {
  actionsColumn,
  ConfirmAction,
  formatTime,
  PagedTable,
  type ListQuery,
} from '../../../components/list/index.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { DeviceStatus } from '../list/deviceColumns.tsx';
import { FAVOURITE_LIST, useUnfollowDevices } from '../hooks.ts';
import { deviceDetailPath } from '../paths.ts';

const loadFavourites = ({ pageIndex, pageSize }: ListQuery<object>) =>
  call(listFavouriteDevices, { pageIndex, pageSize });

/** Device management > collectionManage (M9001): the user's favourite devices, newest first, each with its detail link and unfollow. */
export default function FavouritesPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const unfollow = useUnfollowDevices();
  const unfollowOne = async (device: Device) => {
    await unfollow.mutateAsync([device.deviceId]);
    void message.success(t('devices.unfollowed'));
  };
  const columns: TableColumnsType<Device> = [
    {
      title: t('devices.deviceCode'),
      dataIndex: 'deviceCode',
      render: (code: string, device) => (
        <Link to={deviceDetailPath(device)} data-testid="favourite-open">
          {code}
        </Link>
      ),
    },
    { title: t('devices.deviceName'), dataIndex: 'deviceName' },
    { title: t('devices.product'), dataIndex: 'productName' },
    { title: t('devices.dealer'), dataIndex: 'ownerDealerName' },
    { title: t('list.status'), key: 'status', render: (_: unknown, device) => <DeviceStatus device={device} t={t} /> },
    { title: t('devices.lastOnlineTime'), dataIndex: 'lastOnlineTime', render: formatTime },
    actionsColumn<Device>(t, (device) => (
      <ConfirmAction
        title={t('devices.unfollowConfirm', { code: device.deviceCode })}
        onConfirm={() => unfollowOne(device)}
        testId="favourite-unfollow"
      >
        {t('devices.batch.unfollow')}
      </ConfirmAction>
    )),
  ];
  return (
    <PagedTable<Device, object>
      listName={FAVOURITE_LIST}
      initialFilters={{}}
      load={loadFavourites}
      columns={columns}
      rowKey="deviceId"
      title={t('menu.collectionManage')}
      testId="favourite-table"
    />
  );
}
