import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@dcc/contract';
import { mergedCatalog } from './catalogs.ts';
import { initialLanguage, saveLanguage } from './language.ts';

const resources = Object.fromEntries(LOCALES.map((locale) => [locale, { translation: mergedCatalog(locale) }]));

const startLanguage = initialLanguage();

void i18n.use(initReactI18next).init({
  resources,
  lng: startLanguage,
  fallbackLng: 'en-US',
  // Keys are flat and dotted ("login.title"), as in the contract's catalogs.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The language currently shown. */
export function currentLocale(): Locale {
  return i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';
}

/** Switches the language everywhere and remembers it. */
export function changeLanguage(locale: Locale): void {
  saveLanguage(locale);
  void i18n.changeLanguage(locale);
}

export default i18n;
