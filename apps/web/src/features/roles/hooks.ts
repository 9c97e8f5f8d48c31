import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listRoles,
  roleAdd,
  roleButtonTree,
  roleDelete,
  roleEdit,
  type CallRequest,
  type RoleItem,
} from '@dcc/contract';
import { call } from '../../api/client.ts';
import { listQueryKey } from '../../components/list/index.ts';
import { currentLocale } from '../../i18n/index.ts';

/** What the role list asks for: page, page size and the name search. */
export interface RoleListQuery {
  pageIndex: number;
  pageSize: number;
  roleName: string;
}
export type RoleDraft = CallRequest<typeof roleAdd>;

/** The name of the role list (remembered filters, query cache). */
export const ROLE_LIST = 'roleManage';
const rolesKey = ['roles'] as const;

/** One page of the current company's roles. */
export function useRoleList(query: RoleListQuery) {
  return useQuery({
    queryKey: [...rolesKey, 'list', query],
    queryFn: () => call(listRoles, query),
    placeholderData: keepPreviousData,
  });
}

/** The button tree for the role form; the server answers labels in the console's language. */
export function useRoleButtonTree() {
  return useQuery({ queryKey: ['buttonTree', 'role', currentLocale()], queryFn: () => call(roleButtonTree, {}) });
}

function useRefreshRoles() {
  const queryClient = useQueryClient();
  // The member form offers the roles too.
  return () =>
    Promise.all([rolesKey, listQueryKey(ROLE_LIST)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Adds a role, or edits the loaded one (its id and the version it was loaded at; a stale version is refused). */
export function useSaveRole() {
  const refresh = useRefreshRoles();
  return useMutation({
    mutationFn: ({ edited, ...draft }: RoleDraft & { edited?: Pick<RoleItem, 'roleId' | 'version'> }) =>
      edited ? call(roleEdit, { ...draft, roleId: edited.roleId, version: edited.version }) : call(roleAdd, draft),
    onSuccess: refresh,
  });
}

export function useDeleteRole() {
  const refresh = useRefreshRoles();
  return useMutation({ mutationFn: (roleId: string) => call(roleDelete, { roleId }), onSuccess: refresh });
}
