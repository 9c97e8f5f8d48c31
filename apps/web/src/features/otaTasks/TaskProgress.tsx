import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OtaTask } from '@dcc/contract';

const STATE_COLORS: Record<OtaTask['state'], string> = {
  running: 'processing',
  finished: 'success',
  cancelled: 'default',
  paused: 'warning',
  awaitingConfirmation: 'gold',
  aborted: 'error',
};

/** A task's state as a tag in the reader's language. */
export function TaskStateTag({ task }: { task: OtaTask }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[task.state]} data-testid={`ota-task-state-${task.taskId}`} data-state={task.state}>
      {t(`otaTasks.state.${task.state}`)}
      {task.pauseReason ? ` (${t(`otaTasks.pauseReason.${task.pauseReason}`)})` : ''}
    </Tag>
  );
}

/** Ended devices of all, as a bar with the succeeded and failed counts. */
export function TaskProgress({ task }: { task: OtaTask }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`ota-task-progress-${task.taskId}`} data-progress={task.progress}>
      <Progress percent={task.progress} size="small" status={task.counts.failed > 0 ? 'exception' : undefined} />
      {t('otaTasks.counts', task.counts)}
    </div>
  );
}
