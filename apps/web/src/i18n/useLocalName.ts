import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { localName } from '@dcc/contract';
import { currentLocale } from './index.ts';

/** localName in the language shown; the caller re-renders when the language switches. */
export function useLocalName(): (chinese: string | undefined, english: string | undefined) => string {
  useTranslation();
  const locale = currentLocale();
  return useCallback(
    (chinese: string | undefined, english: string | undefined) => localName(locale, chinese, english),
    [locale],
  );
}
