// Imports nothing: the console's tiny entry uses it (the language of a call it starts before the console has loaded).

/** Languages on the wire (query `language`) and their catalog locale. */
export const WIRE_LANGUAGES = { zh_CN: 'zh-CN', en_US: 'en-US' } as const;
export type WireLanguage = keyof typeof WIRE_LANGUAGES;
export type Locale = (typeof WIRE_LANGUAGES)[WireLanguage];
export const LOCALES: readonly Locale[] = ['zh-CN', 'en-US'];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** Maps a wire language (zh_CN) or locale (zh-CN) to a catalog locale; anything else is English. */
export function toLocale(value: unknown): Locale {
  if (value === 'zh_CN' || value === 'zh-CN' || value === 'zh') return 'zh-CN';
  return 'en-US';
}

/** Maps a catalog locale to the wire language sent in the query. */
export function toWireLanguage(locale: Locale): WireLanguage {
  return locale === 'zh-CN' ? 'zh_CN' : 'en_US';
}
