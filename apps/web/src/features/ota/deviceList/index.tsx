import { Form, Input, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { OTA_CATALOG_CALLS, OTA_ONLINE_FILTERS, type OtaDevice } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { FilterSelect, formatTime, PagedTable, type ListQuery } from '../../../components/list/index.ts';
import { otaListName, useOtaArea } from '../area.ts';
import { ProductFilter } from '../ProductFilter.tsx';

type Filters = { deviceCode: string; productId: string; softwareVersion: string; online: '' | 'online' | 'offline' };
const INITIAL: Filters = { deviceCode: '', productId: '', softwareVersion: '', online: '' };

/** OTA > deviceList (B189 / B178): the area's devices of the subtree with the software they run. */
export default function OtaDeviceListPage() {
  const { t } = useTranslation();
  const generation = useOtaArea();
  const load = ({ pageIndex, pageSize, ...filters }: ListQuery<Filters>) =>
    call(OTA_CATALOG_CALLS[generation].listDevices, {
      pageIndex,
      pageSize,
      deviceCode: filters.deviceCode,
      productId: filters.productId,
      softwareVersion: filters.softwareVersion,
      online: filters.online,
    });
  const columns: TableColumnsType<OtaDevice> = [
    { title: t('otaCatalog.deviceCode'), dataIndex: 'deviceCode' },
    { title: t('otaCatalog.deviceName'), dataIndex: 'deviceName' },
    { title: t('otaCatalog.product'), dataIndex: 'productName' },
    { title: t('otaCatalog.softwareCode'), dataIndex: 'softwareCode' },
    { title: t('otaCatalog.softwareVersion'), dataIndex: 'softwareVersion' },
    {
      title: t('otaCatalog.online'),
      dataIndex: 'online',
      render: (online: boolean) => (
        <Tag color={online ? 'green' : 'default'}>
          {t(online ? 'otaCatalog.onlineStates.online' : 'otaCatalog.onlineStates.offline')}
        </Tag>
      ),
    },
    { title: t('otaCatalog.lastOnline'), dataIndex: 'lastOnlineTime', render: formatTime },
    { title: t('otaCatalog.dealer'), dataIndex: 'dealersName' },
  ];
  return (
    <PagedTable<OtaDevice, Filters>
      listName={otaListName(generation, 'devices')}
      initialFilters={INITIAL}
      load={load}
      columns={columns}
      rowKey="deviceId"
      title={`${t(`otaCatalog.area.${generation}`)} · ${t('otaCatalog.devicesTitle')}`}
      size="middle"
      searchFields={
        <>
          <Form.Item name="deviceCode" label={t('otaCatalog.deviceCode')}>
            <Input allowClear maxLength={50} data-testid="ota-device-code" />
          </Form.Item>
          <ProductFilter testId="ota-device-product" />
          <Form.Item name="softwareVersion" label={t('otaCatalog.softwareVersion')}>
            <Input allowClear maxLength={20} data-testid="ota-device-version" />
          </Form.Item>
          <FilterSelect
            name="online"
            label={t('otaCatalog.online')}
            options={OTA_ONLINE_FILTERS.filter((v) => v !== '').map((v) => ({
              value: v,
              label: t(`otaCatalog.onlineStates.${v}`),
            }))}
            width={120}
            testId="ota-device-online"
          />
        </>
      }
      testId="ota-device-table"
    />
  );
}
