import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  listAbnormalDevices,
  listFaults,
  repairFault,
  type AbnormalReason,
  type FaultLevel,
  type FaultStatus,
} from '@dcc/contract';
import { call } from '../../api/client.ts';
import { listQueryKey, type ListQuery } from '../../components/list/index.ts';
import { rangeRequest, type TimeRangeFilters } from './timeRange.ts';

/** The two fault lists (remembered query, query cache): current faults and the whole history. */
export const CURRENT_FAULT_LIST = 'faultDeviceManage.current';
export const FAULT_HISTORY_LIST = 'faultDeviceManage.history';
export const ABNORMAL_LIST = 'abnormalDeviceManage';

/** What the fault search filters by; level and status '' for all. */
export interface FaultFilters extends TimeRangeFilters {
  keyword: string;
  faultCode: string;
  level: '' | '0' | '1' | '2' | '3';
  status: '' | FaultStatus;
}

/** One page of faults. */
export function loadFaults({
  pageIndex,
  pageSize,
  keyword,
  faultCode,
  level,
  status,
  ...range
}: ListQuery<FaultFilters>) {
  return call(listFaults, {
    pageIndex,
    pageSize,
    keyword,
    faultCode,
    level: level === '' ? '' : (Number(level) as FaultLevel),
    status,
    ...rangeRequest(range),
  });
}

/** Marks a fault repaired and refreshes both fault lists. */
export function useRepairFault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (faultId: string) => call(repairFault, { faultId }),
    onSuccess: () =>
      Promise.all(
        [CURRENT_FAULT_LIST, FAULT_HISTORY_LIST].map((name) =>
          queryClient.invalidateQueries({ queryKey: listQueryKey(name) }),
        ),
      ),
  });
}

/** What the abnormal search filters by; reason '' for all. */
export interface AbnormalFilters extends TimeRangeFilters {
  keyword: string;
  reason: '' | AbnormalReason;
}

/** One page of abnormal devices. */
export function loadAbnormalDevices({ pageIndex, pageSize, keyword, reason, ...range }: ListQuery<AbnormalFilters>) {
  return call(listAbnormalDevices, { pageIndex, pageSize, keyword, reason, ...rangeRequest(range) });
}
