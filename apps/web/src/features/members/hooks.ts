import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addMember, checkMemberPhone, editMember, listRoles, removeMember, type CallRequest } from '@dcc/contract';
import { call } from '../../api/client.ts';
import { listQueryKey } from '../../components/list/index.ts';

/** The name of the member list (remembered filters, query cache). */
export const MEMBER_LIST = 'memberManage';
/** The member list's filters: name/phone search, and optionally one dealer's own members. */
export interface MemberFilters {
  keyword: string;
  ownerId: string;
}

/** The roles of the current company a member can be given. */
export function useAssignableRoles() {
  return useQuery({
    queryKey: ['roles', 'list', 'assignable'],
    queryFn: () => call(listRoles, { pageIndex: 1, pageSize: 100, roleName: '' }),
  });
}

/** Whether a phone has an account and is a member of the current company already. */
export function useCheckPhone() {
  return useMutation({ mutationFn: (phone: string) => call(checkMemberPhone, { phone }) });
}

function useRefreshMembers() {
  const queryClient = useQueryClient();
  // Dealer details list members too.
  return () =>
    Promise.all(
      [listQueryKey(MEMBER_LIST), ['dealers']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useAddMember() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (body: CallRequest<typeof addMember>) => call(addMember, body),
    onSuccess: refresh,
  });
}

export function useEditMember() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (body: CallRequest<typeof editMember>) => call(editMember, body),
    onSuccess: refresh,
  });
}

/** Removes the member from its company; the account stays. */
export function useRemoveMember() {
  const refresh = useRefreshMembers();
  return useMutation({ mutationFn: (memberId: string) => call(removeMember, { memberId }), onSuccess: refresh });
}
