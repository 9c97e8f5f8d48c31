import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addDealers,
  deleteDealers,
  dealersDetail,
  editDealers,
  handOverDealers,
  listDealerDevices,
  listDealerProjects,
  listDealers,
  resetDealerAdminPassword,
  setDealersEnabled,
  setSaleScope,
  type CallRequest,
  type DealerItem,
} from '@dcc/contract';
import { call } from '../../api/client.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';

export type DealerListQuery = CallRequest<typeof listDealers>;
export type DealerDraft = CallRequest<typeof addDealers>;

const dealersKey = ['dealers'] as const;

/** One page of dealers: children of `parentId`, or the searched subtree when `parentId` is ''. */
export function useDealerList(query: DealerListQuery) {
  return useQuery({
    queryKey: [...dealersKey, 'list', query],
    queryFn: () => call(listDealers, query),
    placeholderData: keepPreviousData,
  });
}

/** The direct children of the opened dealers (lazy tree), refreshed with every other dealer list. */
export function useDealerChildren(openedIds: readonly string[]): Record<string, DealerItem[]> {
  const pages = useQueries({
    queries: openedIds.map((parentId) => {
      const query = { parentId, pageIndex: 1, pageSize: 100 };
      return { queryKey: [...dealersKey, 'list', query], queryFn: () => call(listDealers, query) };
    }),
  });
  return Object.fromEntries(
    openedIds.flatMap((id, index) => (pages[index]?.data ? [[id, pages[index].data.list]] : [])),
  );
}

/** A dealer with pages of its sub-dealers and members. */
export function useDealerDetail(id: string, subPageIndex = 1, memberPageIndex = 1) {
  return useQuery({
    queryKey: [...dealersKey, 'detail', id, subPageIndex, memberPageIndex],
    queryFn: () => call(dealersDetail, { id, subPageIndex, memberPageIndex, pageSize: 10 }),
    placeholderData: keepPreviousData,
    enabled: id !== '',
  });
}

/** One page of the devices a dealer owns itself (its detail page); products and places worded in the language shown. */
export function useDealerDevices(id: string, pageIndex: number) {
  return useListQuery([...dealersKey, 'devices', id, pageIndex], () =>
    call(listDealerDevices, { id, pageIndex, pageSize: 10 }),
  );
}

/** One page of the projects a dealer owns itself (its detail page); places worded in the language shown. */
export function useDealerProjects(id: string, pageIndex: number) {
  return useListQuery([...dealersKey, 'projects', id, pageIndex], () =>
    call(listDealerProjects, { id, pageIndex, pageSize: 10 }),
  );
}

/** A dealer change that refreshes every dealer list and detail when it succeeds. */
function useDealerMutation<Body, Answer>(mutationFn: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: dealersKey }) });
}

/** Adds a dealer and answers its admin account (with the one-time password when a new account was made). */
export const useAddDealer = () => useDealerMutation((draft: DealerDraft) => call(addDealers, draft));
export const useEditDealer = () =>
  useDealerMutation((draft: CallRequest<typeof editDealers>) => call(editDealers, draft));
export const useSetDealerEnabled = () =>
  useDealerMutation((body: CallRequest<typeof setDealersEnabled>) => call(setDealersEnabled, body));
export const useDeleteDealer = () => useDealerMutation((id: string) => call(deleteDealers, { id }));
export const useHandOver = () =>
  useDealerMutation((body: CallRequest<typeof handOverDealers>) => call(handOverDealers, body));
export const useSetSaleScope = () =>
  useDealerMutation((body: CallRequest<typeof setSaleScope>) => call(setSaleScope, body));

/** Sets a new random password on the dealer's admin account; the answer is shown once. */
export function useRandomPassword() {
  return useMutation({ mutationFn: (id: string) => call(resetDealerAdminPassword, { id }) });
}
