import { LOCALES, type Locale } from '@dcc/contract/locales';
import { LANGUAGE_KEY } from '../session/storageKeys.ts';

const isLocale = (value: string | null): value is Locale =>
  value !== null && (LOCALES as readonly string[]).includes(value);

/** The saved language, else the browser's when it is zh-CN or en-US, else English. */
export function initialLanguage(): Locale {
  const saved = localStorage.getItem(LANGUAGE_KEY);
  if (isLocale(saved)) return saved;
  for (const language of navigator.languages ?? [navigator.language]) {
    if (language === 'zh-CN' || language === 'zh') return 'zh-CN';
    if (language === 'en-US' || language === 'en') return 'en-US';
  }
  return 'en-US';
}

/** Remembers the chosen language across visits. */
export function saveLanguage(locale: Locale): void {
  localStorage.setItem(LANGUAGE_KEY, locale);
}
