import { Tag, Tooltip, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import type { Device } from '@dcc/contract';
import { formatTime, TIME_COLUMN_WIDTH } from '../../../components/list/index.ts';
import { DEVICE_STATUS_COLORS } from '../../../components/deviceColors.ts';
import { EMPTY_VALUE } from '../../../components/emptyValue.ts';
import { deviceDetailPath } from '../paths.ts';

const SIGNAL_COLORS = { weak: 'red', moderate: 'gold', strong: 'green' } as const;

/** A device's status, and when it has one its offline code with the code's meaning and check method. */
export function DeviceStatus({ device, t }: { device: Device; t: TFunction }) {
  const tag = (
    <Tag color={DEVICE_STATUS_COLORS[device.status]} data-testid="device-status">
      {t(`devices.status.${device.status}`)}
    </Tag>
  );
  if (device.status === 'ONLINE' || device.offlineCode === null) return tag;
  return (
    <span>
      {tag}
      <Tooltip title={device.offlineCheckMethod}>
        <span data-testid="device-offline-reason">
          {t('devices.offlineReason', { code: device.offlineCode, reason: device.offlineReason ?? '' })}
        </span>
      </Tooltip>
    </span>
  );
}

/**
 * The columns of spec section 3: code, name, product, series, SN, model, project, dealer, status, fault, signal,
 * last online, create time; their widths (long texts cut with a tooltip) fit a 1920 px screen with the menu open.
 */
export function deviceColumns(t: TFunction): TableColumnsType<Device> {
  return [
    {
      title: t('devices.deviceCode'),
      dataIndex: 'deviceCode',
      fixed: 'left',
      width: 130,
      render: (code: string, device) => (
        <Link to={deviceDetailPath(device)} data-testid="device-open">
          {code}
        </Link>
      ),
    },
    { title: t('devices.deviceName'), dataIndex: 'deviceName', width: 120, ellipsis: true },
    { title: t('devices.product'), dataIndex: 'productName', width: 120, ellipsis: true },
    { title: t('devices.series'), dataIndex: 'groupName', width: 90, ellipsis: true },
    { title: t('devices.sn'), dataIndex: 'sn', width: 120, ellipsis: true },
    { title: t('devices.model'), dataIndex: 'model', width: 90, ellipsis: true },
    { title: t('devices.project'), dataIndex: 'projectName', width: 100, ellipsis: true },
    { title: t('devices.dealer'), dataIndex: 'ownerDealerName', width: 110, ellipsis: true },
    {
      title: t('list.status'),
      key: 'status',
      width: 140,
      render: (_: unknown, device) => <DeviceStatus device={device} t={t} />,
    },
    {
      title: t('devices.faultState'),
      dataIndex: 'faultState',
      width: 80,
      render: (faulty: boolean) => (
        <Tag color={faulty ? 'red' : 'green'} data-testid="device-fault">
          {t(`devices.fault.${faulty ? 'yes' : 'no'}`)}
        </Tag>
      ),
    },
    {
      title: t('devices.signal'),
      dataIndex: 'signal',
      width: 80,
      render: (signal: Device['signal']) =>
        signal ? <Tag color={SIGNAL_COLORS[signal]}>{t(`devices.signalLevel.${signal}`)}</Tag> : EMPTY_VALUE,
    },
    {
      title: t('devices.lastOnlineTime'),
      dataIndex: 'lastOnlineTime',
      key: 'lastOnlineTime',
      sorter: true,
      width: TIME_COLUMN_WIDTH,
      render: formatTime,
    },
    {
      title: t('list.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      sorter: true,
      width: TIME_COLUMN_WIDTH,
      render: formatTime,
    },
  ];
}
