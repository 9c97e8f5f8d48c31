import { useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@dcc/contract';
import { applyLiveEvent } from './applyLiveEvent.ts';
import { useDeviceEvents, type LiveState } from './useDeviceEvents.ts';

export type { LiveState } from './useDeviceEvents.ts';

/** Keeps the detail of one device live: every event of its stream is applied to the cached answers (applyLiveEvent). */
export function useDeviceLive(deviceId: string, language: Locale): LiveState {
  const queryClient = useQueryClient();
  return useDeviceEvents(deviceId === '' ? [] : [deviceId], language, (event) =>
    applyLiveEvent(queryClient, deviceId, event),
  );
}
