import { LOCALES } from '@dcc/contract';
import i18n from './index.ts';
import { loadDomainMessagesModule, PAGE_CATALOG_FILES } from './pageCatalogFiles.ts';

const loaded = new Set<string>();
let domainMessages: Promise<void> | null = null;

/** The contract's per-domain messages (server refusals, domain field rules), loaded once with the first page area. */
function loadDomainMessages(): Promise<void> {
  domainMessages ??= loadDomainMessagesModule().then(({ DOMAIN_MESSAGES }) => {
    for (const locale of LOCALES) i18n.addResourceBundle(locale, 'translation', DOMAIN_MESSAGES[locale], true, true);
  });
  return domainMessages;
}

/** Adds the catalogs of the named page areas, in every language, before a page that uses them renders. */
export async function loadPageAreas(areas: readonly string[]): Promise<void> {
  const missing = areas.filter((area) => !loaded.has(area));
  await Promise.all([
    loadDomainMessages(),
    ...missing.flatMap((area) =>
      LOCALES.map(async (locale) => {
        const load = PAGE_CATALOG_FILES[`./locales/${locale}/pages/${area}.json`];
        if (!load) throw new Error(`no catalog ${locale}/pages/${area}.json`);
        i18n.addResourceBundle(locale, 'translation', await load(), true, true);
      }),
    ),
  ]);
  for (const area of missing) loaded.add(area);
}
