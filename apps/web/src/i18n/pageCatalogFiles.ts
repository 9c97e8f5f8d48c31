type Catalog = Record<string, string>;

// Catalogs of pages behind the sign-in live in locales/<locale>/pages/<area>.json. They are loaded
// with their pages, not eagerly like the other areas, so that they stay out of the /login bundle.
// This module imports no i18n code: the console's tiny entry starts these downloads (app/startAddressCode.ts).
export const PAGE_CATALOG_FILES = import.meta.glob<Catalog>('./locales/*/pages/*.json', { import: 'default' });

/** The contract's per-domain messages (server refusals, domain field rules), a chunk of their own. */
export const loadDomainMessagesModule = () => import('@dcc/contract/domain-messages');

/** Starts downloading the catalogs of the named page areas in every language (and the domain messages); adds nothing. */
export function fetchPageCatalogs(areas: readonly string[]): void {
  if (areas.length === 0) return;
  void loadDomainMessagesModule().catch(() => undefined);
  for (const [path, load] of Object.entries(PAGE_CATALOG_FILES))
    if (areas.some((area) => path.endsWith(`/pages/${area}.json`))) void load().catch(() => undefined);
}
