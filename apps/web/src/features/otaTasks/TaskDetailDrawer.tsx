import { Descriptions, Drawer, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OtaGeneration, OtaTaskDevice } from '@dcc/contract';
import { formatTime } from '../../components/list/index.ts';
import { TaskActions } from './TaskActions.tsx';
import { TaskProgress, TaskStateTag } from './TaskProgress.tsx';
import { useTaskDetail } from './hooks.ts';

/** A reason code in the reader's language: a deferral, a cancellation or the device's failure status. */
const reasonText = (t: (key: string) => string, reason: string | null) =>
  reason === null ? '' : t(`otaTasks.reason.${reason}`);

/** A task: its policy and state, and each device's rollout state with its reason and the spec's statuses, live. */
export function TaskDetailDrawer(props: { generation: OtaGeneration; taskId: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const { data } = useTaskDetail(props.generation, props.taskId);
  const task = data?.task;
  const columns: TableColumnsType<OtaTaskDevice> = [
    { title: t('otaTasks.deviceCode'), dataIndex: 'deviceCode' },
    { title: t('otaTasks.deviceName'), dataIndex: 'deviceName' },
    {
      title: t('otaTasks.rolloutState'),
      dataIndex: 'state',
      render: (state: OtaTaskDevice['state'], row) => (
        <span data-testid={`ota-device-state-${row.deviceCode}`} data-state={state}>
          {t(`otaTasks.deviceState.${state}`)}
          {row.reason ? ` (${reasonText(t, row.reason)})` : ''}
        </span>
      ),
    },
    {
      title: t('otaTasks.upgradeStatus'),
      dataIndex: 'upgradeStatus',
      render: (s: string) => t(`otaCatalog.upgradeStatuses.${s}`),
    },
    {
      title: t('otaTasks.paramStatus'),
      dataIndex: 'paramStatus',
      render: (s: string) => t(`otaCatalog.paramStatuses.${s}`),
    },
    { title: t('otaTasks.percent'), dataIndex: 'percent', render: (p: number) => `${p}%` },
    { title: t('otaTasks.versions'), key: 'versions', render: (_, row) => `${row.fromVersion} → ${row.toVersion}` },
    { title: t('list.updateTime'), dataIndex: 'updateTime', render: formatTime },
  ];
  return (
    <Drawer
      open={props.taskId !== null}
      onClose={props.onClose}
      width={1000}
      title={task ? `${task.firmwareName} ${task.version}` : t('otaTasks.detail')}
      extra={task ? <TaskActions generation={props.generation} task={task} /> : null}
      data-testid="ota-task-detail"
    >
      {task && (
        <>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('otaTasks.state')}>
              <TaskStateTag task={task} />
            </Descriptions.Item>
            <Descriptions.Item label={t('otaTasks.progress')} span={2}>
              <TaskProgress task={task} />
            </Descriptions.Item>
            <Descriptions.Item label={t('otaTasks.waves')}>
              {task.waves.map((w, k) => (k === task.waveIndex ? `[${w}%]` : `${w}%`)).join(' → ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('otaTasks.healthGate')}>
              {task.healthGate ? t('otaTasks.healthGateOn', task) : t('otaTasks.off')}
            </Descriptions.Item>
            <Descriptions.Item label={t('otaTasks.health')}>
              {task.health ? t('otaTasks.healthFigures', task.health) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('otaTasks.window')}>
              {task.windowStart === task.windowEnd ? t('otaTasks.allDay') : `${task.windowStart} - ${task.windowEnd}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('otaTasks.openUntil')}>{formatTime(task.openUntil)}</Descriptions.Item>
            <Descriptions.Item label={t('otaTasks.abort')}>{t('otaTasks.abortRule', task)}</Descriptions.Item>
            {task.rollbackTaskId && (
              <Descriptions.Item label={t('otaTasks.rollbackDraft')}>#{task.rollbackTaskId}</Descriptions.Item>
            )}
          </Descriptions>
          <Table<OtaTaskDevice>
            style={{ marginTop: 16 }}
            size="small"
            rowKey="deviceId"
            columns={columns}
            dataSource={data.devices.list}
            pagination={{ pageSize: 20 }}
            data-testid="ota-task-devices"
          />
        </>
      )}
    </Drawer>
  );
}
