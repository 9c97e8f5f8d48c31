import { useQueryClient } from '@tanstack/react-query';
import { listQueryKey } from './PagedTable.tsx';

/** A function that refetches every page of the named list (after a create, edit or delete). */
export function useInvalidateList(listName: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: listQueryKey(listName) });
}
