import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { openDeviceEvents, type LiveEventKind } from '@dcc/contract';
import { useMayCall } from '../session/mayCall.ts';
import { openLiveStream } from './liveStream.ts';

/** Events of a large fleet come in bursts: what is shown is read again at most once per this. */
export const LIVE_REFRESH_MS = 1000;

/**
 * Re-reads the queries under each of `queryKeys` when the console's live device stream (which the device list button
 * opens) sends one of `kinds`, a resync, or is opened again after a drop: one stream for all of them. Answers whether
 * the stream can be used; without it the caller keeps its own (slow) refresh.
 */
export function useLiveRefresh(queryKeys: readonly (readonly unknown[])[], kinds: readonly LiveEventKind[]): boolean {
  const queryClient = useQueryClient();
  const allowed = useMayCall(openDeviceEvents);
  const keys = JSON.stringify(queryKeys);
  const kindList = kinds.join(',');
  useEffect(() => {
    if (!allowed) return undefined;
    let refresh: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = () => {
      refresh ??= setTimeout(() => {
        refresh = undefined;
        for (const queryKey of JSON.parse(keys) as unknown[][]) void queryClient.invalidateQueries({ queryKey });
      }, LIVE_REFRESH_MS);
    };
    const on = Object.fromEntries([...kindList.split(','), 'resync'].map((kind) => [kind, refreshSoon]));
    const close = openLiveStream({ on, onReopen: refreshSoon });
    return () => {
      close();
      clearTimeout(refresh);
    };
  }, [allowed, keys, kindList, queryClient]);
  return allowed;
}
