import { useQuery } from '@tanstack/react-query';
import { askInShownLanguage } from '../../api/client.ts';
import { useShownLocale } from '../../i18n/useShownLocale.ts';

/**
 * A list's page query. The server words parts of its rows in the reader's language (catalog names, enum labels,
 * reasons), so the answer is keyed by the language shown: a switch asks again, and the rows of the language just
 * left are never kept on screen while it does (the loading state shows instead). A page turn in one language
 * keeps the rows shown until the next page comes. A list opened again shows what it had and always asks again.
 */
export function useListQuery<Answer>(key: readonly unknown[], load: () => Promise<Answer>) {
  const language = useShownLocale();
  return useQuery<Answer, Error, Answer, readonly unknown[]>({
    queryKey: [...key, language],
    // An answer that comes after a switch is asked again in the new language.
    queryFn: () => askInShownLanguage(load),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey.at(-1) === language ? previous : undefined),
    refetchOnMount: 'always',
  });
}
