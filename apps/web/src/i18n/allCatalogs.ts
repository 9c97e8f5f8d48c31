import { LOCALES, SHARED_MESSAGES, type Locale } from '@dcc/contract';
import { AREA_CATALOGS, mergedCatalog } from './catalogs.ts';

type Catalog = Record<string, string>;

// For tests only (never imported by the console): the eager areas plus the page areas loaded with their pages.
const pageFiles = import.meta.glob<Catalog>('./locales/*/pages/*.json', { eager: true, import: 'default' });

/** Every area catalog of the console, eager and page areas alike, per locale. */
export const ALL_AREA_CATALOGS: Record<Locale, Record<string, Catalog>> = {
  'zh-CN': { ...AREA_CATALOGS['zh-CN'] },
  'en-US': { ...AREA_CATALOGS['en-US'] },
};

for (const [path, catalog] of Object.entries(pageFiles)) {
  const match = /\.\/locales\/([^/]+)\/pages\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, locale, area] = match as unknown as [string, Locale, string];
  if (LOCALES.includes(locale)) ALL_AREA_CATALOGS[locale][`pages/${area}`] = catalog;
}

/** Every message of one locale the console can show, page areas and the contract's domain messages included. */
export function allMessages(locale: Locale): Catalog {
  return Object.assign({}, mergedCatalog(locale), SHARED_MESSAGES[locale], ...Object.values(ALL_AREA_CATALOGS[locale]));
}
