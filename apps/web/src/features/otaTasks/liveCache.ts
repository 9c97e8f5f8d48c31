import {
  paramStatusOf,
  reachAfter,
  upgradeStatusOf,
  type LiveEventData,
  type OtaTask,
  type OtaTaskDevice,
} from '@dcc/contract';

type TaskEvent = LiveEventData<'otaTask'>;

/** The task detail as the console caches it (the taskDetail call's answer). */
export interface TaskDetail {
  task: OtaTask;
  devices: { list: OtaTaskDevice[]; totalSize: number };
}

/** A page of the task list as the console caches it. */
export interface TaskPage {
  list: OtaTask[];
  totalSize: number;
}

/** A task with the state, progress and counts an event brought. */
export const taskWith = (task: OtaTask, event: TaskEvent): OtaTask => ({
  ...task,
  state: event.state,
  progress: event.progress,
  counts: event.counts,
});

/** A device row after its live change: its state and reason, the spec's statuses they give, its percent when told. */
export function deviceWith(row: OtaTaskDevice, event: TaskEvent): OtaTaskDevice {
  if (event.deviceState === null) return row;
  const state = event.deviceState;
  return {
    ...row,
    state,
    reason: event.reason,
    upgradeStatus: upgradeStatusOf(state, event.reason),
    paramStatus: paramStatusOf(state, event.reason, reachAfter(row.paramStatus, state)),
    percent: event.percent ?? row.percent,
    updateTime: event.at,
  };
}

/** The cached detail with the event applied: the task's figures, and the moved device's row when it is listed. */
export function detailWith(detail: TaskDetail, event: TaskEvent): TaskDetail {
  const list = event.deviceId
    ? detail.devices.list.map((row) => (row.deviceId === event.deviceId ? deviceWith(row, event) : row))
    : detail.devices.list;
  return { task: taskWith(detail.task, event), devices: { ...detail.devices, list } };
}

/** The cached page with the event's task updated in place; undefined when the task is not on it. */
export function pageWith(page: TaskPage, event: TaskEvent): TaskPage | undefined {
  const at = page.list.findIndex((task) => task.taskId === event.taskId);
  if (at < 0) return undefined;
  return { ...page, list: page.list.map((task, k) => (k === at ? taskWith(task, event) : task)) };
}
