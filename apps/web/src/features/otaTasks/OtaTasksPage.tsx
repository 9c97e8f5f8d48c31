import { useState } from 'react';
import { Button, Form, Input, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { OTA_TASK_STATES, type OtaGeneration, type OtaTask } from '@dcc/contract';
import { FilterSelect, formatTime, PagedTable } from '../../components/list/index.ts';
import { CreateTaskModal } from './CreateTaskModal.tsx';
import { TaskActions } from './TaskActions.tsx';
import { TaskDetailDrawer } from './TaskDetailDrawer.tsx';
import { TaskProgress, TaskStateTag } from './TaskProgress.tsx';
import { loadTasks, taskListName, useLiveTasks, type TaskFilters } from './hooks.ts';

const EMPTY_FILTERS: TaskFilters = { firmwareName: '', state: '' };

/** OTA > task list of one area: tasks with live progress and state, create, detail, pause/resume/confirm, cancel. */
export function OtaTasksPage({ generation }: { generation: OtaGeneration }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  useLiveTasks(generation);
  const columns: TableColumnsType<OtaTask> = [
    { title: t('otaTasks.taskId'), dataIndex: 'taskId' },
    { title: t('otaTasks.firmwareName'), dataIndex: 'firmwareName' },
    { title: t('otaTasks.version'), dataIndex: 'version' },
    {
      title: t('otaTasks.kind'),
      dataIndex: 'rollback',
      render: (rollback: boolean) => t(rollback ? 'otaTasks.rollback' : 'otaTasks.upgrade'),
    },
    { title: t('otaTasks.state'), key: 'state', render: (_, task) => <TaskStateTag task={task} /> },
    { title: t('otaTasks.progress'), key: 'progress', width: 220, render: (_, task) => <TaskProgress task={task} /> },
    { title: t('list.createTime'), dataIndex: 'createTime', render: formatTime },
    { title: t('otaTasks.endTime'), dataIndex: 'endTime', render: formatTime },
    {
      title: t('list.actions'),
      key: 'actions',
      render: (_, task) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            onClick={() => setShown(task.taskId)}
            data-testid={`ota-task-open-${task.taskId}`}
          >
            {t('otaTasks.detail')}
          </Button>
          <TaskActions generation={generation} task={task} />
        </Space>
      ),
    },
  ];
  return (
    <>
      <PagedTable<OtaTask, TaskFilters>
        listName={taskListName(generation)}
        initialFilters={EMPTY_FILTERS}
        load={loadTasks(generation)}
        columns={columns}
        rowKey="taskId"
        title={t(generation === 'second' ? 'otaTasks.title.second' : 'otaTasks.title.fourG')}
        toolbar={
          <Button type="primary" onClick={() => setCreating(true)} data-testid="ota-task-create">
            {t('otaTasks.create')}
          </Button>
        }
        searchFields={
          <>
            <Form.Item name="firmwareName" label={t('otaTasks.firmwareName')}>
              <Input allowClear maxLength={50} data-testid="ota-task-search-name" />
            </Form.Item>
            <FilterSelect
              name="state"
              label={t('otaTasks.state')}
              options={OTA_TASK_STATES.map((state) => ({ value: state, label: t(`otaTasks.state.${state}`) }))}
              width={160}
              testId="ota-task-search-state"
            />
          </>
        }
        testId="ota-task-table"
      />
      <CreateTaskModal generation={generation} open={creating} onClose={() => setCreating(false)} />
      <TaskDetailDrawer generation={generation} taskId={shown} onClose={() => setShown(null)} />
    </>
  );
}
