import { useQuery } from '@tanstack/react-query';
import {
  addPdaUser,
  deletePdaUser,
  departmentOptions,
  listPdaUsers,
  lockPdaUser,
  resetPdaUserPassword,
  unlockPdaUser,
  updatePdaUser,
  PDA_USER_SORT_FIELDS,
} from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { sortRequest, useListMutation, type AccountCalls, type ListQuery } from '../../../components/list/index.ts';

/** The PDA user list's name (remembered query, query cache). */
export const PDA_USER_LIST = 'pdaUserManage';

/** What the search form filters by; departmentId '' for all. */
export interface PdaUserFilters {
  userName: string;
  realName: string;
  departmentId: string;
  /** '' all, '0' normal, '1' locked. */
  locked: '' | '0' | '1';
}

/** The add/edit form's values; pdaUserId only when editing. */
export interface PdaUserDraft {
  pdaUserId?: string;
  userName: string;
  realName: string;
  email: string;
  departmentId: string;
  password?: string;
  confirmPassword?: string;
}

/** One page of PDA users. */
export function loadPdaUsers(query: ListQuery<PdaUserFilters>) {
  const { pageIndex, pageSize, userName, realName, departmentId, locked } = query;
  return call(listPdaUsers, {
    pageIndex,
    pageSize,
    userName,
    realName,
    departmentId,
    locked,
    ...sortRequest(query, PDA_USER_SORT_FIELDS),
  });
}

/** Query key of the department choices (refreshed when departments change). */
export const DEPARTMENT_OPTIONS_KEY = ['departmentOptions'] as const;

/** Every department in scope, for the department selects. */
export function useDepartmentOptions() {
  return useQuery({ queryKey: DEPARTMENT_OPTIONS_KEY, queryFn: () => call(departmentOptions, {}) });
}

/** Creates a PDA user, or edits one when the draft carries its id. */
export function useSavePdaUser() {
  return useListMutation(
    PDA_USER_LIST,
    ({ pdaUserId, userName, realName, email, departmentId, password = '', confirmPassword = '' }: PdaUserDraft) =>
      pdaUserId
        ? call(updatePdaUser, { pdaUserId, userName, realName, email, departmentId })
        : call(addPdaUser, { userName, realName, email, departmentId, password, confirmPassword }),
  );
}

/** Lock, unlock, delete and reset password of a PDA account. */
export const pdaUserCalls: AccountCalls = {
  lock: (pdaUserId) => call(lockPdaUser, { pdaUserId }),
  unlock: (pdaUserId) => call(unlockPdaUser, { pdaUserId }),
  remove: (pdaUserId) => call(deletePdaUser, { pdaUserId }),
  resetPassword: (pdaUserId, values) => call(resetPdaUserPassword, { pdaUserId, ...values }),
};
