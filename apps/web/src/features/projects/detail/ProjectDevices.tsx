import { useState } from 'react';
import { Button, Card, Space, Tag, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ProjectCheckState, type Device, type Project } from '@dcc/contract';
import { useFeedback } from '../../../app/feedback.tsx';
import { ConfirmAction, DataTable, LoadFailedAlert, formatTime } from '../../../components/list/index.ts';
import { DeviceStatus } from '../../devices/list/deviceColumns.tsx';
import { deviceDetailPath } from '../../devices/paths.ts';
import { useProjectDevices, useRemoveDevices } from '../hooks.ts';
import { AddDevicesModal } from './AddDevicesModal.tsx';
import { useProjectDevicesLive } from './useProjectDevicesLive.ts';

const LIVE_COLOR = { connecting: 'default', live: 'blue', lost: 'red' } as const;

/** The project's devices with their live status; devices are added and removed while the audit is not pending. */
export function ProjectDevices({ project }: { project: Project }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const devices = useProjectDevices(project.projectId);
  const live = useProjectDevicesLive(project.projectId, devices.data ?? []);
  const remove = useRemoveDevices(project.projectId);
  const [adding, setAdding] = useState(false);
  const changeable = project.projectCheckState !== ProjectCheckState.PENDING;

  const columns: TableColumnsType<Device> = [
    {
      title: t('projectsPage.devices.code'),
      dataIndex: 'deviceCode',
      render: (code: string, device) => (
        <Link to={deviceDetailPath(device)} data-testid="project-device-open">
          {code}
        </Link>
      ),
    },
    { title: t('projectsPage.devices.name'), dataIndex: 'deviceName' },
    { title: t('projectsPage.devices.product'), dataIndex: 'productName' },
    {
      title: t('projectsPage.devices.status'),
      key: 'status',
      render: (_value, device) => <DeviceStatus device={device} t={t} />,
    },
    {
      title: t('projectsPage.devices.fault'),
      dataIndex: 'faultState',
      render: (faulty: boolean) => (
        <Tag color={faulty ? 'red' : 'green'}>{t(`devices.fault.${faulty ? 'yes' : 'no'}`)}</Tag>
      ),
    },
    { title: t('projectsPage.devices.lastOnline'), dataIndex: 'lastOnlineTime', render: formatTime },
    ...(changeable
      ? [
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_value: unknown, device: Device) => (
              <ConfirmAction
                title={t('projectsPage.devices.removeConfirm', { code: device.deviceCode })}
                // A refusal (the controller before its sensors) is shown by the API client with the server's reason.
                onConfirm={() =>
                  remove
                    .mutateAsync([device.deviceId])
                    .then(() => void message.success(t('projectsPage.devices.removed')))
                }
                testId="project-device-remove"
              >
                {t('projectsPage.devices.remove')}
              </ConfirmAction>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      title={
        <Space>
          {t('projectsPage.devices.title')}
          {live ? (
            <Tag color={LIVE_COLOR[live]} data-testid="project-devices-live" data-state={live}>
              {t(`deviceDetail.live.${live}`)}
            </Tag>
          ) : null}
        </Space>
      }
      extra={
        changeable ? (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="project-add-devices-open">
            {t('projectsPage.devices.add')}
          </Button>
        ) : null
      }
    >
      {devices.isError && <LoadFailedAlert onRetry={() => void devices.refetch()} />}
      <DataTable<Device>
        rowKey="deviceId"
        columns={columns}
        dataSource={devices.data}
        pending={devices.isPending}
        loading={devices.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="project-devices"
      />
      <AddDevicesModal projectId={project.projectId} open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
