import {
  addEngineer,
  deleteEngineer,
  listEngineers,
  lockEngineer,
  resetEngineerPassword,
  unlockEngineer,
  updateEngineer,
  ENGINEER_SORT_FIELDS,
} from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { sortRequest, useListMutation, type AccountCalls, type ListQuery } from '../../../components/list/index.ts';

/** The engineer list's name (remembered query, query cache). */
export const ENGINEER_LIST = 'engineerManage';

/** What the search form filters by. */
export interface EngineerFilters {
  name: string;
  phone: string;
  /** [province] or [province, city] from the area picker; [] for all. */
  area: string[];
  /** '' all, '0' normal, '1' locked. */
  locked: '' | '0' | '1';
}

/** The add/edit form's values; engineerId only when editing. */
export interface EngineerDraft {
  engineerId?: string;
  name: string;
  phone: string;
  email: string;
  /** GB/T 2260 province or city codes. */
  areaCodes: string[];
  notes: string;
  enabled: boolean;
  password?: string;
  confirmPassword?: string;
}

/** One page of after-sales engineers. */
export function loadEngineers(query: ListQuery<EngineerFilters>) {
  const { pageIndex, pageSize, name, phone, area, locked } = query;
  return call(listEngineers, {
    pageIndex,
    pageSize,
    name,
    phone,
    area: area.at(-1) ?? '',
    locked,
    ...sortRequest(query, ENGINEER_SORT_FIELDS),
  });
}

/** Creates an engineer, or edits one when the draft carries its id. */
export function useSaveEngineer() {
  return useListMutation(
    ENGINEER_LIST,
    ({ engineerId, password = '', confirmPassword = '', ...fields }: EngineerDraft) =>
      engineerId
        ? call(updateEngineer, { engineerId, ...fields })
        : call(addEngineer, { ...fields, password, confirmPassword }),
  );
}

/** Lock, unlock, delete and reset password of an engineer account. */
export const engineerCalls: AccountCalls = {
  lock: (engineerId) => call(lockEngineer, { engineerId }),
  unlock: (engineerId) => call(unlockEngineer, { engineerId }),
  remove: (engineerId) => call(deleteEngineer, { engineerId }),
  resetPassword: (engineerId, values) => call(resetEngineerPassword, { engineerId, ...values }),
};
