import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@dcc/contract';
import { currentLocale } from '../../../../i18n/index.ts';
import { deviceDetailKey } from '../deviceKeys.ts';

/** Re-reads the device's answers when the language switches: offline reasons and enum labels come from the server in the caller's language. */
export function useRefetchOnLanguage(deviceId: string): Locale {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const shown = useRef(i18n.language);
  useEffect(() => {
    if (shown.current === i18n.language) return;
    shown.current = i18n.language;
    void queryClient.invalidateQueries({ queryKey: deviceDetailKey(deviceId) });
  }, [i18n.language, deviceId, queryClient]);
  return currentLocale();
}
