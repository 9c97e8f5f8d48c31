import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptInvitation, declineInvitation, listInvitations } from '@dcc/contract';
import { call } from '../../api/client.ts';
import { companiesKey } from '../company/hooks.ts';

export const invitationsKey = ['invitations'] as const;

/** The signed-in account's pending invitations. */
export function usePendingInvitations() {
  return useQuery({ queryKey: invitationsKey, queryFn: () => call(listInvitations, {}), staleTime: 0 });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([invitationsKey, companiesKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Accepts: the account becomes a member; answers the company to enter. */
export function useAcceptInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (invitationId: string) => call(acceptInvitation, { invitationId }),
    onSuccess: refresh,
  });
}

export function useDeclineInvitation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (invitationId: string) => call(declineInvitation, { invitationId }),
    onSuccess: refresh,
  });
}
