import { Alert, Card, Descriptions, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceTrafficDay } from '@dcc/contract';
import { shownValue } from '../../../../components/emptyValue.ts';
import { formatTime } from '../../../../components/list/index.ts';
import type { DeviceTabProps } from '../detailTabs.tsx';
import { DeviceLogTable } from './DeviceLogTable.tsx';
import { formatBytes } from './formatBytes.ts';
import { useDevice } from '../deviceQueries.ts';
import { loadTraffic } from './historyHooks.ts';

/** IoT card detail (IMEI, ICCID, signal) and the traffic log: bytes and messages per day as the server saw them. */
export default function IotCardTab({ deviceId }: DeviceTabProps) {
  const { t } = useTranslation();
  const device = useDevice(deviceId);
  const columns: TableColumnsType<DeviceTrafficDay> = [
    { title: t('deviceHistory.traffic.day'), dataIndex: 'day' },
    { title: t('deviceHistory.traffic.bytesUp'), dataIndex: 'bytesUp', render: formatBytes },
    { title: t('deviceHistory.traffic.packetsUp'), dataIndex: 'packetsUp' },
    { title: t('deviceHistory.traffic.bytesDown'), dataIndex: 'bytesDown', render: formatBytes },
    { title: t('deviceHistory.traffic.packetsDown'), dataIndex: 'packetsDown' },
  ];
  const card = device.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('deviceHistory.iotCard.title')} data-testid="iot-card">
        {device.isError && <Alert type="error" showIcon title={t('deviceHistory.loadFailed')} />}
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('deviceHistory.iotCard.deviceCode')}>
            {shownValue(card?.deviceCode)}
          </Descriptions.Item>
          <Descriptions.Item label={t('deviceHistory.iotCard.imei')}>
            <span data-testid="iot-card-imei">{shownValue(card?.imei)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('deviceHistory.iotCard.iccId')}>
            <span data-testid="iot-card-iccid">{shownValue(card?.iccId)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('deviceHistory.iotCard.signal')}>
            {card?.signal ? t(`deviceHistory.signal.${card.signal}`) : shownValue(null)}
          </Descriptions.Item>
          <Descriptions.Item label={t('deviceHistory.iotCard.lastOnline')}>
            {formatTime(card?.lastOnlineTime)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <DeviceLogTable<DeviceTrafficDay>
        name="traffic"
        deviceId={deviceId}
        load={loadTraffic(deviceId)}
        columns={columns}
        rowKey="day"
        title={t('deviceHistory.traffic.title')}
        testId="traffic-table"
      />
    </Space>
  );
}
