import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@dcc/contract';
import { hasErrorCode } from '../api/errors.ts';
import { onSessionEnded } from '../api/sessionEnd.ts';
import i18n from '../i18n/index.ts';

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

/**
 * The server words parts of many answers in the reader's language (catalog, place and enum names, reasons): a language
 * switch re-reads every answer on screen (and the others when next shown), cancelling the reads still on their way in
 * the language just left, so nothing worded in that language stays on screen. The one place of this rule.
 */
export function rereadOnLanguageSwitch(client: QueryClient): () => void {
  const reread = () => void client.invalidateQueries();
  i18n.on('languageChanged', reread);
  return () => i18n.off('languageChanged', reread);
}

rereadOnLanguageSwitch(queryClient);
