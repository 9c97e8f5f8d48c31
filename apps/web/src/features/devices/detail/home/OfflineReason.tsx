import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device } from '@dcc/contract';

/** Why the device is offline (spec section 8 code and meaning) and what to check on site; nothing while it is online or has no code. */
export function OfflineReason({ device }: { device: Device }) {
  const { t } = useTranslation();
  if (device.connected || device.offlineCode === null) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="device-offline-reason"
      title={t('deviceDetail.home.offlineReason', {
        code: device.offlineCode,
        reason: device.offlineReason ?? String(device.offlineCode),
      })}
      description={
        device.offlineCheckMethod ? t('deviceDetail.home.checkMethod', { method: device.offlineCheckMethod }) : null
      }
    />
  );
}
