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
