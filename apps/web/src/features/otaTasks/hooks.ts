import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OTA_CALLS, parseLiveMessage, type CallRequest, type OtaGeneration, type OtaTaskState } from '@dcc/contract';
import { call } from '../../api/client.ts';
import { openLiveStream } from '../../api/liveStream.ts';
import { listQueryKey, type ListQuery } from '../../components/list/index.ts';

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

const detailKey = (generation: OtaGeneration, taskId: string) => ['otaTaskDetail', generation, taskId] as const;

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
 * Live progress: the device event stream's otaTask events of the area refresh the task list and an open detail
 * (at most every half second); a lost stream falls back to the queries' own refetch when it comes back.
 */
export function useLiveTasks(generation: OtaGeneration): void {
  const queryClient = useQueryClient();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const refresh = () => {
      if (pending.current) return;
      pending.current = setTimeout(() => {
        pending.current = null;
        void queryClient.invalidateQueries({ queryKey: listQueryKey(taskListName(generation)) });
        void queryClient.invalidateQueries({ queryKey: ['otaTaskDetail', generation] });
      }, 500);
    };
    const close = openLiveStream({
      on: {
        otaTask: (data) => {
          const read = parseLiveMessage('otaTask', data);
          if (read.ok && read.event.data.generation === generation) refresh();
        },
      },
      onReopen: refresh,
    });
    return () => {
      close();
      if (pending.current) clearTimeout(pending.current);
      pending.current = null;
    };
  }, [generation, queryClient]);
}
