import { GENERAL_MESSAGES, LOCALES, type Locale } from '@dcc/contract';

type Catalog = Record<string, string>;

// One JSON file per area per language: locales/<locale>/<area>.json.
const files = import.meta.glob<Catalog>('./locales/*/*.json', { eager: true, import: 'default' });

/** The console's own catalogs: area name -> catalog, per locale. */
export const AREA_CATALOGS: Record<Locale, Record<string, Catalog>> = { 'zh-CN': {}, 'en-US': {} };

for (const [path, catalog] of Object.entries(files)) {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, locale, area] = match as unknown as [string, Locale, string];
  if (LOCALES.includes(locale)) AREA_CATALOGS[locale][area] = catalog;
}

/** The messages of one locale loaded up front: the contract's general catalog plus the console's eager areas. */
export function mergedCatalog(locale: Locale): Catalog {
  return Object.assign({}, GENERAL_MESSAGES[locale], ...Object.values(AREA_CATALOGS[locale]));
}
