import type { Locale } from './envelope.ts';

/**
 * The one of a Chinese/English pair of names (divisions, points, enum and bit items, products) to
 * show in a language: its own, the other only when its own is empty.
 */
export function localName(locale: Locale, chinese: string | undefined, english: string | undefined): string {
  const [own, other] = locale === 'zh-CN' ? [chinese, english] : [english, chinese];
  return own?.trim() ? own : (other ?? '');
}
