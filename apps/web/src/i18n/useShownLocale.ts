import { useTranslation } from 'react-i18next';
import type { Locale } from '@dcc/contract';
import { currentLocale } from './index.ts';

/**
 * The language shown, re-read when it switches: for the query key of an answer the server words in the
 * reader's language (catalog names), so a switch asks again instead of showing the cached other language.
 */
export function useShownLocale(): Locale {
  useTranslation();
  return currentLocale();
}
