import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activateDevice,
  ErrorCode,
  followDevices,
  getDevice,
  getDeviceValues,
  listDeviceFaults,
  lockDevice,
  moveDevices,
  setDevicePointValues,
  unfollowDevices,
  unlockDevice,
} from '@dcc/contract';
import { askInShownLanguage, call, type CallOptions } from '../../../api/client.ts';
import { currentFaultsKey, deviceDetailKey, deviceKey, deviceValuesKey } from './deviceKeys.ts';

/** The device record (status, offline reason, signal, basic info). */
export function useDevice(deviceId: string) {
  return useQuery({
    queryKey: deviceKey(deviceId),
    // A device outside the subtree (NOT_FOUND) is said on the page (LoadFailedResult), not toasted.
    queryFn: () =>
      askInShownLanguage(({ language }) =>
        call(getDevice, { deviceId }, { quietCodes: [ErrorCode.NOT_FOUND], language }),
      ),
    enabled: deviceId !== '',
  });
}

/** Every point's current value with its flags, range and enum values (`options` for a prefetch that keeps quiet about what the page reports itself). */
export const deviceValuesQuery = (deviceId: string, options?: CallOptions) =>
  queryOptions({
    queryKey: deviceValuesKey(deviceId),
    queryFn: () => askInShownLanguage(({ language }) => call(getDeviceValues, { deviceId }, { ...options, language })),
    enabled: deviceId !== '',
  });

export function useDeviceValues(deviceId: string) {
  return useQuery(deviceValuesQuery(deviceId));
}

/** The device record and its points (empty until they arrive): what the home and basic-info tabs show. */
export function useDeviceWithPoints(deviceId: string) {
  const device = useDevice(deviceId);
  const values = useDeviceValues(deviceId);
  return { device: device.data, points: values.data?.dataList ?? [] };
}

/** The faults open now. */
export function useCurrentFaults(deviceId: string) {
  return useQuery({
    queryKey: currentFaultsKey(deviceId),
    queryFn: () =>
      askInShownLanguage(({ language }) =>
        call(listDeviceFaults, { deviceId, current: true, pageIndex: 1, pageSize: 999 }, { language }),
      ),
    enabled: deviceId !== '',
  });
}

/** A change to the device that refetches everything the detail shows about it. */
function useDeviceMutation<Variables, Answer>(deviceId: string, mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceDetailKey(deviceId) }),
  });
}

/** Sets point values; answers the device's reply (applied, refused with its status, no reply). */
export const useSetValues = (deviceId: string) =>
  useDeviceMutation(deviceId, (values: Array<{ address: number; value: number }>) =>
    call(setDevicePointValues, { deviceId, values }),
  );

export const useActivate = (deviceId: string) =>
  useDeviceMutation(deviceId, (skipAudit: boolean) => call(activateDevice, { deviceId, skipAudit }));
export const useLock = (deviceId: string) =>
  useDeviceMutation(deviceId, (lock: boolean) => call(lock ? lockDevice : unlockDevice, { deviceId }));
export const useFollow = (deviceId: string) =>
  useDeviceMutation(deviceId, (follow: boolean): Promise<unknown> =>
    follow ? call(followDevices, { deviceIds: [deviceId] }) : call(unfollowDevices, { deviceIds: [deviceId] }),
  );
export const useMoveDevice = (deviceId: string) =>
  useDeviceMutation(deviceId, (targetDealerId: string) => call(moveDevices, { deviceIds: [deviceId], targetDealerId }));
