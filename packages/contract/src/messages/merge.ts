import type { Locale } from '../envelope.ts';

/** One catalog per locale from several: a key of a later catalog replaces the same key of an earlier one. */
export function mergeCatalogs(
  ...catalogs: Record<Locale, Record<string, string>>[]
): Record<Locale, Record<string, string>> {
  return {
    'en-US': Object.assign({}, ...catalogs.map((catalog) => catalog['en-US'])),
    'zh-CN': Object.assign({}, ...catalogs.map((catalog) => catalog['zh-CN'])),
  };
}
