import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@dcc/contract';
import { hasErrorCode } from '../api/errors.ts';
import { onSessionEnded } from '../api/sessionEnd.ts';

/** The one query cache; it is emptied when a session ends so no data outlives it. */
export const queryClient: QueryClient = new QueryClient({
  // Any edit refused as stale (someone else changed the record): every list and detail on screen
  // reads the records again, so the next edit or delete starts from their current versions.
  mutationCache: new MutationCache({
    onError: (error) => {
      if (hasErrorCode(error, ErrorCode.STALE_VERSION)) void queryClient.invalidateQueries();
    },
  }),
  defaultOptions: {
    // The API client already toasts failures; retrying a refused call only repeats the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

onSessionEnded(() => queryClient.clear());
