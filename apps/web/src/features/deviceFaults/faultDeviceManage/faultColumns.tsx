import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FaultRecord } from '@dcc/contract';
import { FAULT_TYPE_COLORS } from '../../../components/deviceColors.ts';
import { ConfirmAction, formatTime, TIME_COLUMN_WIDTH } from '../../../components/list/index.ts';
import { useFeedback } from '../../../app/feedback.tsx';
import { deviceDetailPath } from '../../devices/paths.ts';
import { DeviceLink } from '../DeviceLink.tsx';
import { useRepairFault } from '../hooks.ts';

/**
 * The fault lists' columns; a not-repaired fault has the confirmed "mark repaired" action, which warns when the
 * device still reports the fault (it will open again), and a repaired fault reported again links to the device's faults.
 */
export function useFaultColumns(): TableColumnsType<FaultRecord> {
  const { t } = useTranslation();
  const repair = useRepairFault();
  const { message } = useFeedback();
  const markRepaired = (row: FaultRecord) =>
    repair
      .mutateAsync(row.faultId)
      .then(() =>
        row.stillReported
          ? void message.warning(t('deviceFaults.repairedStillReported'))
          : void message.success(t('deviceFaults.repaired')),
      );
  return [
    {
      title: t('deviceFaults.deviceCode'),
      dataIndex: 'deviceCode',
      width: 120,
      render: (_code: string, row) => <DeviceLink device={row} />,
    },
    { title: t('deviceFaults.deviceName'), dataIndex: 'deviceName', width: 90, ellipsis: true },
    { title: t('deviceFaults.product'), dataIndex: 'productName', width: 90, ellipsis: true },
    { title: t('deviceFaults.dealer'), dataIndex: 'dealersName', width: 90, ellipsis: true },
    { title: t('deviceFaults.faultCode'), dataIndex: 'faultCode', width: 80, ellipsis: true },
    { title: t('deviceFaults.description'), dataIndex: 'description', width: 100, ellipsis: true },
    { title: t('deviceFaults.level'), dataIndex: 'level', width: 50 },
    {
      title: t('deviceFaults.faultType'),
      dataIndex: 'faultType',
      // The English names' tags ('Light fault') are the widest cells of the row.
      width: 100,
      render: (type: FaultRecord['faultType']) => (
        <Tag color={FAULT_TYPE_COLORS[type]}>{t(`deviceFaults.type.${type}`)}</Tag>
      ),
    },
    { title: t('deviceFaults.startTime'), dataIndex: 'startTime', width: TIME_COLUMN_WIDTH, render: formatTime },
    { title: t('deviceFaults.endTime'), dataIndex: 'endTime', width: TIME_COLUMN_WIDTH, render: formatTime },
    {
      title: t('deviceFaults.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: FaultRecord['status'], row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={status === 'repaired' ? 'green' : 'red'} data-testid="fault-status">
            {t(`deviceFaults.status.${status}`)}
          </Tag>
          {row.reportedAgainAt ? (
            // A protocol device's faults tab lists the new occurrence; a thing-model device has no such tab.
            <Link
              to={`${deviceDetailPath(row)}${row.productMessageType === 'pm' ? '?tab=faults' : ''}`}
              data-testid="fault-reported-again"
            >
              {t('deviceFaults.reportedAgain', { time: formatTime(row.reportedAgainAt) })}
            </Link>
          ) : null}
        </Space>
      ),
    },
    { title: t('deviceFaults.repairedBy'), dataIndex: 'repairedBy', width: 90, ellipsis: true },
    { title: t('deviceFaults.repairedAt'), dataIndex: 'repairedAt', width: TIME_COLUMN_WIDTH, render: formatTime },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_value, row) =>
        row.status === 'notRepaired' && (
          <ConfirmAction
            title={
              <Space orientation="vertical" size={4} style={{ maxWidth: 320 }}>
                {t('deviceFaults.repairConfirm', { device: row.deviceCode, fault: row.faultCode })}
                {row.stillReported ? (
                  <Typography.Text type="warning" data-testid="fault-repair-still-reported">
                    {t('deviceFaults.repairStillReported')}
                  </Typography.Text>
                ) : null}
              </Space>
            }
            onConfirm={() => markRepaired(row)}
            danger={false}
            testId="fault-repair"
          >
            {t('deviceFaults.repair')}
          </ConfirmAction>
        ),
    },
  ];
}
