import { addressPath } from './pageCode.ts';

// A chunk of its own, asked for by the console's entry only on a reload inside the console: the calls' paths stay
// out of what /login loads (e2e/login-bundle).

/** A list page's first call as it opens: its path, and its body unless the list remembers a filter, page or sort. */
export interface FirstCall {
  path: string;
  body: Record<string, unknown>;
  /** The list's name for its remembered state (useRememberedQuery): none stored, the page asks for `body`. */
  list: string;
}

/** First calls by page address; firstCall.test.ts checks each against what its page sends. */
const FIRST_CALLS: Record<string, FirstCall> = {
  // listDevices.path, DEVICE_LIST and deviceListRequest(DEVICE_LIST_FIRST_PAGE).
  '/company/deviceManage/devicesManage': {
    path: '/cloudservice/api/device/list',
    list: 'devicesManage',
    body: { keyword: '', pageIndex: 1, pageSize: 10 },
  },
};

/** The first call of the page at exactly this address (not of a page under it, e.g. a list's detail). */
export const firstCallAt = (hash: string): FirstCall | undefined => FIRST_CALLS[addressPath(hash)];
