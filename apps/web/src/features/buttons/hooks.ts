import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addButton, deleteButton, getButtonTree, moveButton, renameButton, type CallRequest } from '@dcc/contract';
import { call } from '../../api/client.ts';
import { currentLocale } from '../../i18n/index.ts';

const treeKey = ['buttonTree'] as const;

/** The whole permission button tree; the server answers labels in the console's language. */
export function useButtonTree() {
  return useQuery({ queryKey: [...treeKey, 'manage', currentLocale()], queryFn: () => call(getButtonTree, {}) });
}

/** A change of the tree that refreshes it (here and in the role form) when it succeeds. */
function useTreeMutation<Body>(mutationFn: (body: Body) => Promise<null>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: treeKey }) });
}

export const useAddButton = () => useTreeMutation((body: CallRequest<typeof addButton>) => call(addButton, body));
export const useRenameButton = () =>
  useTreeMutation((body: CallRequest<typeof renameButton>) => call(renameButton, body));
export const useMoveButton = () => useTreeMutation((body: CallRequest<typeof moveButton>) => call(moveButton, body));
export const useDeleteButton = () =>
  useTreeMutation((body: CallRequest<typeof deleteButton>) => call(deleteButton, body));
