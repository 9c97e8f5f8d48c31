import { bindSn, listSnBindings, unbindSn } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { useListMutation, type ListQuery } from '../../../components/list/index.ts';

/** The barcode list's name (remembered query, query cache). */
export const SN_BINDING_LIST = 'snBoundMgr';

/** What the search form filters by. */
export interface SnBindingFilters {
  keyword: string;
  /** '' all, '1' bound, '0' not bound. */
  bound: '' | '0' | '1';
}

/** The bind form's values. */
export interface SnBindDraft {
  deviceCode: string;
  sn: string;
}

/** One page of devices with their barcodes. */
export function loadSnBindings({ pageIndex, pageSize, keyword, bound }: ListQuery<SnBindingFilters>) {
  return call(listSnBindings, { pageIndex, pageSize, keyword, bound });
}

/** Binds a barcode to a device by IoT code. */
export const useBindSn = () => useListMutation(SN_BINDING_LIST, (draft: SnBindDraft) => call(bindSn, draft));

/** Clears a device's barcode. */
export const useUnbindSn = () => useListMutation(SN_BINDING_LIST, (deviceId: string) => call(unbindSn, { deviceId }));
