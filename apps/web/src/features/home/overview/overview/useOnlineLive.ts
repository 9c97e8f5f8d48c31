import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { openDeviceEvents } from '@dcc/contract';
import { openLiveStream } from '../../../../api/liveStream.ts';
import { useMayCall } from '../../../../session/mayCall.ts';

/** Status events of a large fleet come in bursts: the figures are read again at most once per this. */
export const LIVE_REFRESH_MS = 1000;

/**
 * Re-reads the query under `queryKey` when devices of the subtree connect or drop, or are added, activated,
 * deleted or moved: listens to the status and counts events (and resyncs) of the console's live device stream, which the device list button opens. Answers
 * whether the stream can be used; without it the caller keeps its own (slow) refresh.
 */
export function useStatusEvents(queryKey: readonly unknown[]): boolean {
  const queryClient = useQueryClient();
  const allowed = useMayCall(openDeviceEvents);
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (!allowed) return undefined;
    let refresh: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = () => {
      refresh ??= setTimeout(() => {
        refresh = undefined;
        void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] });
      }, LIVE_REFRESH_MS);
    };
    const close = openLiveStream({
      on: { status: refreshSoon, counts: refreshSoon, resync: refreshSoon },
      onReopen: refreshSoon,
    });
    return () => {
      close();
      clearTimeout(refresh);
    };
  }, [allowed, key, queryClient]);
  return allowed;
}
