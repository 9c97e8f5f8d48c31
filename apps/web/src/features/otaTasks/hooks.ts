import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OTA_CALLS,
  parseLiveMessage,
  type CallRequest,
  type LiveEventData,
  type OtaGeneration,
  type OtaTaskState,
} from '@dcc/contract';
import { call } from '../../api/client.ts';
import { openLiveStream } from '../../api/liveStream.ts';
import { patchCachedAnswer } from '../../api/patchCachedAnswer.ts';
import { listQueryKey, type ListQuery } from '../../components/list/index.ts';
import { detailWith, pageWith, type TaskDetail, type TaskPage } from './liveCache.ts';

/** The task list's name (remembered query, query cache), per OTA area. */
export const taskListName = (generation: OtaGeneration) => `otaTasks-${generation}`;

export interface TaskFilters {
  firmwareName: string;
  state: OtaTaskState | '';
}

export const loadTasks = (generation: OtaGeneration) => (query: ListQuery<TaskFilters>) =>
  call(OTA_CALLS[generation].listTasks, {
    pageIndex: query.pageIndex,
    pageSize: query.pageSize,
    firmwareName: query.firmwareName,
    state: query.state,
  });

export const detailKey = (generation: OtaGeneration, taskId: string) => ['otaTaskDetail', generation, taskId] as const;

/** A task and its devices (999 rows: the detail pages them in the table), refreshed live. */
export function useTaskDetail(generation: OtaGeneration, taskId: string | null) {
  return useQuery({
    queryKey: detailKey(generation, taskId ?? ''),
    enabled: taskId !== null,
    queryFn: () => call(OTA_CALLS[generation].taskDetail, { taskId: taskId!, pageSize: 999 }),
  });
}

/** The firmware files of the area a task may install (first 100, newest first). */
export function useFirmwareOptions(generation: OtaGeneration, enabled: boolean) {
  return useQuery({
    queryKey: ['otaFirmwareOptions', generation],
    enabled,
    queryFn: () => call(OTA_CALLS[generation].listFirmware, { pageSize: 100 }),
  });
}

export type CreateTaskRequest = CallRequest<(typeof OTA_CALLS)['second']['createTask']>;

export const createTask = (generation: OtaGeneration, request: CreateTaskRequest) =>
  call(OTA_CALLS[generation].createTask, request);

/** What a person may do to a task from its row or its detail. */
export type TaskAction = 'cancelTask' | 'pauseTask' | 'resumeTask' | 'confirmRollback';
export const runTaskAction = (generation: OtaGeneration, action: TaskAction, taskId: string) =>
  call(OTA_CALLS[generation][action], { taskId });

/**
 * Live progress: each otaTask event of the area is applied to the cached list rows and the cached detail (the
 * task's state, progress and counts, the moved device's row) without asking the server. The list is read again
 * (at most every half second) for a task it does not show or whose state moved, a detail once when its task's state
 * moved; a lost stream re-reads both when it comes back (events may have been missed meanwhile).
 */
export function useLiveTasks(generation: OtaGeneration): void {
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const listKey = listQueryKey(taskListName(generation));
    const refreshList = () => {
      if (pending.current) return;
      pending.current = setTimeout(() => {
        pending.current = null;
        void queryClient.invalidateQueries({ queryKey: listKey });
      }, 500);
    };
    const apply = (event: LiveEventData<'otaTask'>) => {
      let listed = false;
      let moved = false;
      for (const [key, page] of queryClient.getQueriesData<TaskPage>({ queryKey: listKey })) {
        const shown = page?.list.find((task) => task.taskId === event.taskId);
        if (!page || !shown) continue;
        listed = true;
        moved ||= shown.state !== event.state;
        patchCachedAnswer<TaskPage>(queryClient, key, (old) => pageWith(old, event) ?? old);
      }
      if (moved || (!listed && event.deviceId === null)) refreshList();
      const key = detailKey(generation, event.taskId);
      const detail = queryClient.getQueryData<TaskDetail>(key);
      if (!detail) return;
      patchCachedAnswer<TaskDetail>(queryClient, key, (old) => detailWith(old, event));
      if (detail.task.state !== event.state) void queryClient.invalidateQueries({ queryKey: key });
    };
    const close = openLiveStream({
      on: {
        otaTask: (data) => {
          const read = parseLiveMessage('otaTask', data);
          if (read.ok && read.event.data.generation === generation) apply(read.event.data);
        },
      },
      onReopen: () => {
        void queryClient.invalidateQueries({ queryKey: listKey });
        void queryClient.invalidateQueries({ queryKey: ['otaTaskDetail', generation] });
      },
    });
    return () => {
      close();
      if (pending.current) clearTimeout(pending.current);
      pending.current = null;
    };
  }, [generation, queryClient]);
}
