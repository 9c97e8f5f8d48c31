import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DetailDevice } from './detailDevice.ts';
import { DeviceStatusTag } from './home/statusTags.tsx';
import { DeviceActions } from './info/DeviceActions.tsx';
import type { LiveState } from './live/useDeviceLive.ts';

const LIVE_COLOR: Record<LiveState, string> = { connecting: 'default', live: 'blue', lost: 'red' };

/** Above the tabs: the device's code, name and status, whether the page is live, and its actions. */
export function DeviceHeader({ device, live }: { device: DetailDevice; live: LiveState }) {
  const { t } = useTranslation();
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap data-testid="device-header">
      <Space wrap>
        <Typography.Title
          level={4}
          style={{ margin: 0 }}
          data-testid="device-title"
        >{`${device.deviceCode} · ${device.deviceName}`}</Typography.Title>
        <DeviceStatusTag status={device.status} />
        {device.locked ? (
          <Tag color="red" data-testid="device-locked">
            {t('deviceDetail.locked.yes')}
          </Tag>
        ) : null}
        {device.faultState ? (
          <Tag color="volcano" data-testid="device-fault">
            {t('deviceDetail.header.fault')}
          </Tag>
        ) : null}
        {device.followed ? (
          <Tag color="gold" data-testid="device-followed">
            {t('deviceDetail.header.followed')}
          </Tag>
        ) : null}
        <Tag color={LIVE_COLOR[live]} data-testid="device-live" data-state={live}>
          {t(`deviceDetail.live.${live}`)}
        </Tag>
      </Space>
      <DeviceActions device={device} />
    </Space>
  );
}
