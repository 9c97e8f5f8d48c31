import { useQueryClient } from '@tanstack/react-query';
import { openDeviceEvents, type Device } from '@dcc/contract';
import { currentLocale } from '../../../i18n/index.ts';
import { useMayCall } from '../../../session/mayCall.ts';
import { useDeviceEvents, type LiveState } from '../../devices/detail/live/useDeviceEvents.ts';

/** The most devices one stream follows (openDeviceEvents). */
const STREAM_MAX_DEVICES = 100;

/**
 * Keeps the status of a project's devices live: a status or fault event of one of them (or a resync)
 * re-reads the project's devices. Only for those who may open the device stream; null otherwise.
 */
export function useProjectDevicesLive(projectId: string, devices: readonly Device[]): LiveState | null {
  const queryClient = useQueryClient();
  const mayFollow = useMayCall(openDeviceEvents);
  const ids = mayFollow ? devices.slice(0, STREAM_MAX_DEVICES).map((device) => device.deviceId) : [];
  const state = useDeviceEvents(ids, currentLocale(), (event) => {
    if (event.kind === 'values') return;
    void queryClient.invalidateQueries({ queryKey: ['project', projectId, 'devices'] });
  });
  return mayFollow ? state : null;
}
