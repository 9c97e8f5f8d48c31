import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  exportPointHistory,
  type getDeviceValues,
  getDeviceValuesAt,
  getPointHistory,
  type CallResponse,
  listDeviceFaults,
  listDeviceOperations,
  listDevicePackets,
  listDeviceStatusHistory,
  listDeviceTraffic,
} from '@dcc/contract';
import { call, type CallOptions } from '../../../../api/client.ts';
import { deviceValuesQuery } from '../deviceQueries.ts';
import { deviceDetailKey } from '../deviceKeys.ts';
import type { PageRequest } from '../../../../components/list/index.ts';

/** The data of the device detail's history tabs (issue 11), each read for one device of the subtree. */

/** A time range of the curve: ISO instants. */
export interface TimeRange {
  startTime: string;
  endTime: string;
}

/** The points a curve may show: those with mode R (spec section 2, home dashboard trends), from the detail's one read of the values. */
export function useCurvePoints(deviceId: string) {
  // Without the values, the selection is shared structurally: the live stream's new values every second
  // leave the same point list (and the picker's open dropdown) as it was.
  return useQuery({ ...deviceValuesQuery(deviceId), select: curvePointsOf });
}

const curvePointsOf = (answer: CallResponse<typeof getDeviceValues>) =>
  answer.dataList
    .filter((point) => point.mode === 'R')
    .map(({ address, code, name, enName, unit }) => ({ address, code, name, enName, unit }));

/** Frames a curve asks for at most: about two per pixel of a wide chart. A zoomed window is asked for again, closer. */
export const CURVE_CHART_POINTS = 2000;

export type PointHistoryAnswer = CallResponse<typeof getPointHistory>;

/** The history of the curve's points over its range, thinned to the chart (`options` for a prefetch that keeps quiet about what the page reports itself). */
export const pointHistoryQuery = (
  deviceId: string,
  addressList: readonly number[],
  range: TimeRange | null,
  options?: CallOptions,
) =>
  queryOptions({
    queryKey: [...deviceDetailKey(deviceId), 'curve', addressList, range],
    queryFn: () =>
      call(
        getPointHistory,
        { deviceId, addressList: [...addressList], ...range!, maxPoints: CURVE_CHART_POINTS },
        options,
      ),
    enabled: range !== null && addressList.length > 0,
  });

export function usePointHistory(deviceId: string, addressList: readonly number[], range: TimeRange | null) {
  return useQuery(pointHistoryQuery(deviceId, addressList, range));
}

export function useExportPointHistory() {
  return useMutation({
    mutationFn: (input: { deviceId: string; addressList: number[] } & TimeRange) => call(exportPointHistory, input),
  });
}

export function useValuesAt(deviceId: string, time: string | null) {
  return useQuery({
    queryKey: [...deviceDetailKey(deviceId), 'valuesAt', time],
    queryFn: () => call(getDeviceValuesAt, { deviceId, time: time! }),
    enabled: time !== null,
  });
}

/** Loaders of the paged history lists, bound to a device. */
export const loadTraffic = (deviceId: string) => (page: PageRequest) =>
  call(listDeviceTraffic, { deviceId, pageIndex: page.pageIndex, pageSize: page.pageSize });
export const loadStatusHistory = (deviceId: string) => (page: PageRequest) =>
  call(listDeviceStatusHistory, { deviceId, pageIndex: page.pageIndex, pageSize: page.pageSize });
export const loadOperations = (deviceId: string) => (page: PageRequest) =>
  call(listDeviceOperations, { deviceId, pageIndex: page.pageIndex, pageSize: page.pageSize });
export const loadPackets = (deviceId: string) => (page: PageRequest) =>
  call(listDevicePackets, { deviceId, pageIndex: page.pageIndex, pageSize: page.pageSize });
export const loadFaults =
  (deviceId: string, current: boolean) => (query: PageRequest & { startTime?: string; endTime?: string }) =>
    call(listDeviceFaults, {
      deviceId,
      current,
      pageIndex: query.pageIndex,
      pageSize: query.pageSize,
      ...(query.startTime ? { startTime: query.startTime } : {}),
      ...(query.endTime ? { endTime: query.endTime } : {}),
    });
