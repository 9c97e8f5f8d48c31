import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Writes a live event into a cached answer, unless that answer waits to be read again (a language
 * switch, a change, a resync marked it stale): writing it would mark it fresh, so the re-read would
 * never come and the page would keep the old answer (enum labels in the language just left).
 */
export function patchCachedAnswer<T>(queryClient: QueryClient, queryKey: QueryKey, update: (old: T) => T): void {
  const state = queryClient.getQueryState<T>(queryKey);
  if (!state || state.isInvalidated || state.data === undefined) return;
  queryClient.setQueryData<T>(queryKey, (old) => old && update(old));
}
