import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device } from '@dcc/contract';
import { DEVICE_STATUS_COLORS } from '../../../../components/deviceColors.ts';
import { EMPTY_VALUE } from '../../../../components/emptyValue.ts';

/** The device status (online, offline, not activated) as a coloured tag. */
export function DeviceStatusTag({ status }: { status: Device['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={DEVICE_STATUS_COLORS[status]} data-testid="device-status">
      {t(`deviceDetail.status.${status}`)}
    </Tag>
  );
}

/** The signal strength (weak, moderate, strong) reported by the DTU. */
export function SignalText({ signal }: { signal: Device['signal'] }) {
  const { t } = useTranslation();
  return <span data-testid="device-signal">{signal ? t(`deviceDetail.signal.${signal}`) : EMPTY_VALUE}</span>;
}

/** Whether the DTU talks to the mainboard. */
export function DtuLinkText({ dtuLink }: { dtuLink: Device['dtuLink'] }) {
  const { t } = useTranslation();
  if (dtuLink === null) return <span data-testid="device-dtu-link">{EMPTY_VALUE}</span>;
  return (
    <Tag color={dtuLink ? 'green' : 'red'} data-testid="device-dtu-link">
      {t(dtuLink ? 'deviceDetail.dtuLink.up' : 'deviceDetail.dtuLink.down')}
    </Tag>
  );
}
