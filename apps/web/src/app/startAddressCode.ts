import { toWireLanguage } from '@dcc/contract/locales';
import { startEarlyCall } from '../api/earlyCall.ts';
import { initialLanguage } from '../i18n/language.ts';
import { fetchPageCatalogs } from '../i18n/pageCatalogFiles.ts';
import { contextFields } from '../session/contextFields.ts';
import { LIST_STATE_PREFIX } from '../session/storageKeys.ts';
import type { FirstCall } from './firstCalls.ts';
import { pageCodeAt, SHELL_CODE } from './pageCode.ts';

/** The request a page's first call sends on a reload (as the console's call() would), or none when its list remembers a state. */
export function firstCallRequest(first: FirstCall): { url: string; body: string } | null {
  if (sessionStorage.getItem(LIST_STATE_PREFIX + first.list) !== null) return null;
  return {
    url: `${first.path}?language=${toWireLanguage(initialLanguage())}`,
    body: JSON.stringify({ ...contextFields(), ...first.body }),
  };
}

/**
 * Starts downloading the code and catalogs of the company shell and of the page at a console address (a
 * reload inside the console), and the page's first call when it has one, from the console's tiny entry: beside
 * the download of the console's own code (React, antd, the router), not after it has run. Nothing is rendered or added here; the pages'
 * own loaders (routes.tsx) later find the same modules already fetched.
 */
export function startAddressCode(hash: string): void {
  const page = pageCodeAt(hash);
  if (!page) return;
  void import('./firstCalls.ts')
    .then(({ firstCallAt }) => {
      const firstCall = firstCallAt(hash);
      const first = firstCall && firstCallRequest(firstCall);
      if (first) startEarlyCall(first.url, first.body);
    })
    .catch(() => undefined);
  for (const code of [SHELL_CODE, page]) {
    for (const load of [code.load, ...(code.mountCode ?? [])]) void load().catch(() => undefined);
    fetchPageCatalogs(code.areas);
  }
}
