import { QueryClient } from '@tanstack/react-query';
import { onSessionEnded } from '../api/sessionEnd.ts';

/** The one query cache; it is emptied when a session ends so no data outlives it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts failures; retrying a refused call only repeats the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

onSessionEnded(() => queryClient.clear());
