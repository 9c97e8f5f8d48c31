import { useQuery } from '@tanstack/react-query';
import {
  ErrorCode,
  faultNow,
  getAddDeviceByDay,
  getAddressHistoryValue,
  getDealersStats,
  getDeviceRatio,
  getPointPosition,
  getProjectIncreasedNum,
  POINT_POSITION_PAGE_SIZE,
} from '@dcc/contract';
import { askInShownLanguage, call } from '../../../api/client.ts';
import { useMayCall } from '../../../session/mayCall.ts';
import type { DayRange } from './charts/chartRange.ts';
import type { DayCount } from './charts/chartOptions.ts';
import type { TrendRequest } from './charts/trendRequest.ts';
import { useStatusEvents } from './overview/useOnlineLive.ts';

/** Without the live stream the overview is read again this often (as slow as the notices' refresh). */
const OVERVIEW_REFRESH_MS = 60_000;
const OVERVIEW_KEY = ['home', 'overview'] as const;

/** Total and online devices of the subtree, read again when devices connect or drop. */
export function useOverviewStats() {
  const live = useStatusEvents(OVERVIEW_KEY);
  return useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: () => call(getDealersStats, {}),
    refetchInterval: live ? false : OVERVIEW_REFRESH_MS,
  });
}

/** Devices added on each day of the range and the total at each day's end (one call for both charts). */
export function useDevicesByDay(range: DayRange) {
  const allowed = useMayCall(getAddDeviceByDay);
  return useQuery({
    queryKey: ['home', 'devicesByDay', range],
    queryFn: () => call(getAddDeviceByDay, range),
    enabled: allowed,
  });
}

/** The product-series share of the subtree's devices, largest first. */
export function useDeviceRatio() {
  const allowed = useMayCall(getDeviceRatio);
  return useQuery({ queryKey: ['home', 'deviceRatio'], queryFn: () => call(getDeviceRatio, {}), enabled: allowed });
}

/** Projects added per day of the range. */
export function useAddedProjects(range: DayRange) {
  const allowed = useMayCall(getProjectIncreasedNum);
  return useQuery({
    queryKey: ['home', 'addedProjects', range],
    queryFn: async (): Promise<DayCount[]> =>
      (await call(getProjectIncreasedNum, { ...range, timeType: 'day' })).map(({ time, num }) => ({
        day: time,
        count: num,
      })),
    enabled: allowed,
  });
}

/** The faults open now on a device (its popover in the key device tab). */
export function useFaultsNow(deviceId: string) {
  return useQuery({
    queryKey: ['home', 'faultsNow', deviceId],
    queryFn: () => askInShownLanguage(({ language }) => call(faultNow, { deviceId }, { language })),
  });
}

/** The points of a device the caller may read, by IoT code ('' asks nothing). */
export function usePointPositions(deviceCode: string) {
  return useQuery({
    queryKey: ['home', 'points', deviceCode],
    queryFn: () =>
      askInShownLanguage(({ language }) =>
        call(
          getPointPosition,
          { deviceCode, pageSize: POINT_POSITION_PAGE_SIZE },
          { language, quietCodes: [ErrorCode.NOT_FOUND] },
        ),
      ),
    enabled: deviceCode !== '',
  });
}

/** The values of a trend's points over its range (nothing asked until a request is made with points). */
export function useTrend(request: TrendRequest | null) {
  return useQuery({
    queryKey: ['home', 'trend', request],
    queryFn: () => call(getAddressHistoryValue, request!),
    enabled: request !== null && request.addressList.length > 0,
  });
}
