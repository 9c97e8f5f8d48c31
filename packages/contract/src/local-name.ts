import type { Locale } from './envelope.ts';

/** What follows a name shown in the other language, so the reader sees it is not in theirs (one mark, server and console). */
export const OTHER_LANGUAGE_MARK: Record<Locale, string> = { 'zh-CN': '（英文）', 'en-US': ' (Chinese)' };

/**
 * The one of a Chinese/English pair of names (divisions, points, enum and bit items, fault
 * descriptions, thing-model properties, units, products) to show in a language: its own; when the
 * catalog holds only the other, that one followed by OTHER_LANGUAGE_MARK; '' when it holds neither.
 */
export function localName(locale: Locale, chinese: string | undefined, english: string | undefined): string {
  const [own, other] = locale === 'zh-CN' ? [chinese, english] : [english, chinese];
  if (own?.trim()) return own;
  return other?.trim() ? `${other}${OTHER_LANGUAGE_MARK[locale]}` : '';
}

/**
 * A point's unit in a language: a unit is mostly a symbol read alike in both (°C, Hz, kWh), so the
 * catalog names it in English only where it is a word ('步' / 'steps'); English readers get that word,
 * everyone else (and English readers of a symbol) the unit as stored. No mark: a symbol is in no language.
 */
export function localUnit(locale: Locale, unit: string | undefined, enUnit: string | undefined): string {
  return locale === 'en-US' && enUnit?.trim() ? enUnit : (unit ?? '');
}
