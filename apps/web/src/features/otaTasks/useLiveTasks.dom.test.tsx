import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ota2TaskDetail, type LiveEventData, type OtaTask, type OtaTaskDevice } from '@dcc/contract';
import { listQueryKey } from '../../components/list/index.ts';
import { taskListName, useLiveTasks, useTaskDetail } from './hooks.ts';
import type { TaskDetail } from './liveCache.ts';
import { FakeEventSource } from '../../testing/fakeEventSource.ts';

const counts = { total: 2, succeeded: 0, failed: 0, open: 2, cancelled: 0 };
const task = { taskId: '7', state: 'running', progress: 0, counts } as OtaTask;
const row = (deviceId: string): OtaTaskDevice => ({
  deviceId,
  deviceCode: `C${deviceId}`,
  deviceName: `unit ${deviceId}`,
  state: 'downloading',
  reason: null,
  upgradeStatus: 'upgrading',
  paramStatus: 'downloading',
  percent: 40,
  fromVersion: '1.0.0',
  toVersion: '1.1.0',
  updateTime: '2026-11-27T10:00:00.000Z',
});

const detailReads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../api/client.ts', () => ({
  call: vi.fn(async (def: unknown) => {
    if (def !== ota2TaskDetail) return { ticket: 't', expiresInSeconds: 30, streamPath: '/events' };
    detailReads.count += 1;
    return { task, devices: { list: [row('d1'), row('d2')], totalSize: 2 } };
  }),
}));

const event = (over: Partial<LiveEventData<'otaTask'>>): LiveEventData<'otaTask'> => ({
  taskId: '7',
  generation: 'second',
  state: 'running',
  progress: 0,
  counts,
  deviceId: null,
  deviceState: null,
  reason: null,
  percent: null,
  at: '2026-11-27T10:00:05.000Z',
  ...over,
});

beforeEach(() => {
  FakeEventSource.last = null;
  detailReads.count = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
});

describe('useLiveTasks', () => {
  it("applies a device's event to the cached detail row and the list row without reading the 999 rows again", async () => {
    const client = new QueryClient();
    const listKey = [...listQueryKey(taskListName('second')), { pageIndex: 1 }, 'en-US'];
    client.setQueryData(listKey, { list: [task], totalSize: 1 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => {
        useLiveTasks('second');
        return useTaskDetail('second', '7');
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toBeDefined());
    await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
    const stream = FakeEventSource.last!;
    const shown = () => result.current.data as TaskDetail;

    // The old hook re-read the list and the detail half a second after each event: the clock is moved past that.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stream.send('otaTask', JSON.stringify(event({ deviceId: 'd1', deviceState: 'succeeded', percent: 100 })));
    stream.send(
      'otaTask',
      JSON.stringify(event({ deviceId: 'd2', deviceState: 'failed', reason: 'checkFailure', percent: null })),
    );
    const ended = { ...counts, succeeded: 1, failed: 1, open: 0 };
    stream.send('otaTask', JSON.stringify(event({ progress: 100, counts: ended })));
    vi.advanceTimersByTime(2000);
    vi.useRealTimers();
    await waitFor(() => expect(shown().task.counts).toEqual(ended));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(detailReads.count).toBe(1);
    expect(shown().devices.list[0]).toMatchObject({
      state: 'succeeded',
      upgradeStatus: 'finished',
      paramStatus: 'downloadSucceeded',
      percent: 100,
      updateTime: '2026-11-27T10:00:05.000Z',
    });
    expect(shown().devices.list[1]).toMatchObject({
      state: 'failed',
      reason: 'checkFailure',
      upgradeStatus: 'failed',
      paramStatus: 'checkFailure',
      percent: 40,
    });
    expect(client.getQueryData<{ list: OtaTask[] }>(listKey)!.list[0]).toMatchObject({ progress: 100, counts: ended });

    // The task's own state moved (it ended): the detail is read whole once.
    stream.send('otaTask', JSON.stringify(event({ state: 'finished', progress: 100, counts: ended })));
    await waitFor(() => expect(detailReads.count).toBe(2));
  });
});
