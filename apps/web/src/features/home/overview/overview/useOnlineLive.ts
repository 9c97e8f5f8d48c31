import { useLiveRefresh } from '../../../../api/useLiveRefresh.ts';

/**
 * Re-reads the query under `queryKey` when devices of the subtree connect or drop, or are added, activated,
 * deleted or moved (the stream's status and counts events). Answers whether the stream can be used.
 */
export const useStatusEvents = (queryKey: readonly unknown[]): boolean =>
  useLiveRefresh([queryKey], ['status', 'counts']);
