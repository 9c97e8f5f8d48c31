import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { OtaGeneration, OtaTask } from '@dcc/contract';
import { ConfirmAction } from '../../components/list/index.ts';
import { runTaskAction, type TaskAction } from './hooks.ts';

/** The actions a task's state allows: pause, resume, confirm a rollback draft, cancel (each asks first). */
const ACTIONS_OF: Record<OtaTask['state'], TaskAction[]> = {
  running: ['pauseTask', 'cancelTask'],
  paused: ['resumeTask', 'cancelTask'],
  awaitingConfirmation: ['confirmRollback', 'cancelTask'],
  finished: [],
  cancelled: [],
  aborted: [],
};

export function TaskActions({ generation, task }: { generation: OtaGeneration; task: OtaTask }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const run = async (action: TaskAction) => {
    await runTaskAction(generation, action, task.taskId);
    await queryClient.invalidateQueries();
  };
  return (
    <Space size={4}>
      {ACTIONS_OF[task.state].map((action) => (
        <ConfirmAction
          key={action}
          title={t(`otaTasks.confirm.${action}`)}
          onConfirm={() => run(action)}
          danger={action === 'cancelTask'}
          testId={`ota-task-${action}-${task.taskId}`}
        >
          {t(`otaTasks.action.${action}`)}
        </ConfirmAction>
      ))}
    </Space>
  );
}
