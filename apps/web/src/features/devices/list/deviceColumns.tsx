import { Tag, Tooltip, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { DEVICE_LIST_COLUMNS, deviceColumnTitleKey, type Device, type DeviceListColumn } from '@dcc/contract';
import { codeNames } from '../../../components/codeNames.ts';
import { formatTime } from '../../../components/list/index.ts';
import { DEVICE_STATUS_COLORS } from '../../../components/deviceColors.ts';
import { EMPTY_VALUE } from '../../../components/emptyValue.ts';
import { deviceDetailPath } from '../paths.ts';

const SIGNAL_COLORS = { weak: 'red', moderate: 'gold', strong: 'green' } as const;

/** A device's status, and when it has one its offline code with the code's meaning and check method. */
export function DeviceStatus({ device, t }: { device: Device; t: TFunction }) {
  const tag = (
    <Tag color={DEVICE_STATUS_COLORS[device.status]} data-testid="device-status">
      {codeNames.deviceStatus(t, device.status)}
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
  // Title and width as the export writes them (DEVICE_LIST_COLUMNS).
  const head = (key: DeviceListColumn) => ({
    title: t(deviceColumnTitleKey(key)),
    width: DEVICE_LIST_COLUMNS.find((column) => column.key === key)!.width,
  });
  return [
    {
      ...head('deviceCode'),
      dataIndex: 'deviceCode',
      fixed: 'left',
      render: (code: string, device) => (
        <Link to={deviceDetailPath(device)} data-testid="device-open">
          {code}
        </Link>
      ),
    },
    { ...head('deviceName'), dataIndex: 'deviceName', ellipsis: true },
    { ...head('productName'), dataIndex: 'productName', ellipsis: true },
    { ...head('groupName'), dataIndex: 'groupName', ellipsis: true },
    { ...head('sn'), dataIndex: 'sn', ellipsis: true },
    { ...head('model'), dataIndex: 'model', ellipsis: true },
    { ...head('projectName'), dataIndex: 'projectName', ellipsis: true },
    { ...head('ownerDealerName'), dataIndex: 'ownerDealerName', ellipsis: true },
    { ...head('status'), key: 'status', render: (_: unknown, device) => <DeviceStatus device={device} t={t} /> },
    {
      ...head('faultState'),
      dataIndex: 'faultState',
      render: (faulty: boolean) => (
        <Tag color={faulty ? 'red' : 'green'} data-testid="device-fault">
          {t(`devices.fault.${faulty ? 'yes' : 'no'}`)}
        </Tag>
      ),
    },
    {
      ...head('signal'),
      dataIndex: 'signal',
      render: (signal: Device['signal']) =>
        signal ? <Tag color={SIGNAL_COLORS[signal]}>{t(`devices.signalLevel.${signal}`)}</Tag> : EMPTY_VALUE,
    },
    {
      ...head('lastOnlineTime'),
      dataIndex: 'lastOnlineTime',
      key: 'lastOnlineTime',
      sorter: true,
      render: formatTime,
    },
    { ...head('createTime'), dataIndex: 'createTime', key: 'createTime', sorter: true, render: formatTime },
  ];
}
