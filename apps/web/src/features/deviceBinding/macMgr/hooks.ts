import { addMacs, allocateMac, confirmMac, deleteMac, listMacs, releaseMac, type MacState } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { useListMutation, type ListQuery } from '../../../components/list/index.ts';

/** The MAC list's name (remembered query, query cache). */
export const MAC_LIST = 'macMgr';

/** What the search form filters by; state '' for all. */
export interface MacFilters {
  mac: string;
  deviceCode: string;
  state: '' | MacState;
}

/** One page of MAC addresses. */
export function loadMacs({ pageIndex, pageSize, mac, deviceCode, state }: ListQuery<MacFilters>) {
  return call(listMacs, { pageIndex, pageSize, mac, deviceCode, state });
}

/** Adds a batch of addresses, all or none. */
export const useAddMacs = () => useListMutation(MAC_LIST, (macs: string[]) => call(addMacs, { macs }));
/** Reserves a MAC for a device (occupied). */
export const useAllocateMac = () =>
  useListMutation(MAC_LIST, (input: { macId: string; deviceCode: string }) => call(allocateMac, input));
/** Confirms an occupied MAC (succeeded). */
export const useConfirmMac = () => useListMutation(MAC_LIST, (macId: string) => call(confirmMac, { macId }));
/** Frees a MAC from its device (undistributed). */
export const useReleaseMac = () => useListMutation(MAC_LIST, (macId: string) => call(releaseMac, { macId }));
/** Deletes an undistributed MAC. */
export const useDeleteMac = () => useListMutation(MAC_LIST, (macId: string) => call(deleteMac, { macId }));
