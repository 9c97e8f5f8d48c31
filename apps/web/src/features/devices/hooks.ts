import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addDevice,
  countDevices,
  deleteDevices,
  deviceImportTemplate,
  followDevices,
  getDeviceExport,
  importDevices,
  listDevices,
  listFilterPoints,
  lockDevices,
  moveDevices,
  productOptions,
  startDeviceExport,
  unfollowDevices,
  unlockDevices,
  DEVICE_SORT_FIELDS,
  type CallRequest,
  type DeviceFilter,
} from '@dcc/contract';
import { call } from '../../api/client.ts';
import { uploadFileCall } from '../../api/upload.ts';
import { DEFAULT_PAGE_SIZE, listQueryKey, sortRequest, type ListQuery } from '../../components/list/index.ts';

/** The device list's and the favourites' names (remembered query, query cache). */
export const DEVICE_LIST = 'devicesManage';
export const FAVOURITE_LIST = 'collectionManage';

/** What the device list asks besides page and sort: the keyword and the applied filter builder. */
export interface DeviceFilters {
  keyword: string;
  filter: DeviceFilter | null;
}

const queryOf = ({ keyword, filter }: DeviceFilters) => ({
  keyword,
  ...(filter && filter.conditions.length > 0 ? { filter } : {}),
});

/** The device list as it first opens (no remembered filter, page or sort). */
export const DEVICE_LIST_FIRST_PAGE: ListQuery<DeviceFilters> = {
  keyword: '',
  filter: null,
  pageIndex: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** What the device list asks for a page. */
export const deviceListRequest = (query: ListQuery<DeviceFilters>): CallRequest<typeof listDevices> => ({
  ...queryOf(query),
  pageIndex: query.pageIndex,
  pageSize: query.pageSize,
  ...sortRequest(query, DEVICE_SORT_FIELDS),
});

/** One page of devices; totalExact false means totalSize counted only ten pages ahead. */
export const loadDevices = (query: ListQuery<DeviceFilters>) => call(listDevices, deviceListRequest(query));

/** The exact count of the filter, asked only when the user wants it (it reads every matching device). */
/** How many devices match: exactly, or (upTo) exactly up to 10,000 and a lower bound past it. */
export const countFilteredDevices = (filters: DeviceFilters, upTo: boolean) =>
  call(countDevices, { ...queryOf(filters), upTo });

/** Starts an export of the filter as shown (sort included). */
export const startExport = (query: ListQuery<DeviceFilters>) =>
  call(startDeviceExport, { ...queryOf(query), ...sortRequest(query, DEVICE_SORT_FIELDS) });
export const exportProgress = (jobId: string) => call(getDeviceExport, { jobId });

/** Every product as id and name (filters, add form). */
export function useProductOptions() {
  return useQuery({
    queryKey: ['devices', 'productOptions'],
    queryFn: () => call(productOptions, {}),
    staleTime: 60_000,
  });
}

/** The points a parameter filter of the product can name. */
export function useFilterPoints(productId: string | undefined) {
  return useQuery({
    queryKey: ['devices', 'filterPoints', productId],
    queryFn: () => call(listFilterPoints, { productId: productId! }),
    enabled: Boolean(productId),
    staleTime: 60_000,
  });
}

/** A device change that refreshes the device list and the favourites. */
function useDeviceMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        [DEVICE_LIST, FAVOURITE_LIST].map((name) => queryClient.invalidateQueries({ queryKey: listQueryKey(name) })),
      ),
  });
}

export const useDeleteDevices = () => useDeviceMutation((deviceIds: string[]) => call(deleteDevices, { deviceIds }));
export const useFollowDevices = () => useDeviceMutation((deviceIds: string[]) => call(followDevices, { deviceIds }));
export const useUnfollowDevices = () =>
  useDeviceMutation((deviceIds: string[]) => call(unfollowDevices, { deviceIds }));
export const useLockDevices = () => useDeviceMutation((deviceIds: string[]) => call(lockDevices, { deviceIds }));
export const useUnlockDevices = () => useDeviceMutation((deviceIds: string[]) => call(unlockDevices, { deviceIds }));
export const useMoveDevices = () =>
  useDeviceMutation((request: CallRequest<typeof moveDevices>) => call(moveDevices, request));
export const useAddDevice = () =>
  useDeviceMutation((request: CallRequest<typeof addDevice>) => call(addDevice, request));
export const useImportDevices = () => useDeviceMutation((file: File) => uploadFileCall(importDevices, {}, file));
export const importTemplate = () => call(deviceImportTemplate, {});
