import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addDepartment,
  deleteDepartment,
  listDepartments,
  updateDepartment,
  DEPARTMENT_SORT_FIELDS,
} from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { listQueryKey, sortRequest, type ListQuery } from '../../../components/list/index.ts';
import { DEPARTMENT_OPTIONS_KEY } from '../../pdaUsers/pdaUserManage/hooks.ts';

/** The department list's name (remembered query, query cache). */
export const DEPARTMENT_LIST = 'departmentManage';

/** What the search form filters by. */
export interface DepartmentFilters {
  departmentCode: string;
  departmentName: string;
  productionBase: string;
}

/** The add/edit form's values; departmentId only when editing. */
export interface DepartmentDraft extends DepartmentFilters {
  departmentId?: string;
}

/** One page of departments. */
export function loadDepartments(query: ListQuery<DepartmentFilters>) {
  const { pageIndex, pageSize, departmentCode, departmentName, productionBase } = query;
  return call(listDepartments, {
    pageIndex,
    pageSize,
    departmentCode,
    departmentName,
    productionBase,
    ...sortRequest(query, DEPARTMENT_SORT_FIELDS),
  });
}

function useDepartmentMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  // The PDA user page's department selects list the same departments.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listQueryKey(DEPARTMENT_LIST) }),
      queryClient.invalidateQueries({ queryKey: DEPARTMENT_OPTIONS_KEY }),
    ]);
  return useMutation({ mutationFn, onSuccess: refresh });
}

/** Creates a department, or edits one when the draft carries its id. */
export function useSaveDepartment() {
  return useDepartmentMutation(({ departmentId, departmentCode, departmentName, productionBase }: DepartmentDraft) =>
    departmentId
      ? call(updateDepartment, { departmentId, departmentCode, departmentName, productionBase })
      : call(addDepartment, { departmentCode, departmentName, productionBase }),
  );
}

/** Deletes a department; the server refuses while PDA users belong to it (its message is toasted). */
export function useDeleteDepartment() {
  return useDepartmentMutation((departmentId: string) => call(deleteDepartment, { departmentId }));
}
