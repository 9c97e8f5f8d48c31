import { MENU, type MenuEntry } from '@dcc/contract';

const HOME_PATH = '/company';

const covers = (entry: MenuEntry, pathname: string) =>
  entry.path === HOME_PATH
    ? pathname === HOME_PATH || pathname === `${HOME_PATH}/`
    : pathname === entry.path || pathname.startsWith(`${entry.path}/`);

/** The menu entries from the top level down to the one that covers `pathname` (empty when none does). */
export function menuTrail(pathname: string, entries: readonly MenuEntry[] = MENU): MenuEntry[] {
  for (const entry of entries) {
    if (!covers(entry, pathname)) continue;
    return [entry, ...menuTrail(pathname, entry.children ?? [])];
  }
  return [];
}

/** The top-level menu entry that covers `pathname`, if any. */
export function topLevelEntry(pathname: string): MenuEntry | undefined {
  return menuTrail(pathname)[0];
}

/**
 * The pages below menu entries, by their route names (spec section 2: addDealers, roleEdit, productAdd ...).
 * Each has its breadcrumb label 'breadcrumb.<name>' in the common catalogs.
 */
const SUB_PAGES: ReadonlySet<string> = new Set([
  'addDealers',
  'dealersDetail',
  'editDealers',
  'roleAdd',
  'roleEdit',
  'productAdd',
  'productDetail',
  'thingModelProductDetail',
  'editTheDraft',
  'dataTypeAdd',
  'dataTypeEdit',
  'protocalDetail',
  'pointAdd',
  'pointDetail',
  'pointHistory',
  'pointHistoryDetail',
  'frameInspector',
  'addDevice',
  'deviceDetail',
  'thingModelDeviceDetail',
]);

/** A page below a menu entry: its route name and the path that opens it (with its ids). */
export interface SubPage {
  name: string;
  path: string;
}

/** The pages below the menu entry that covers `pathname`, outermost first; the ids after a page's name belong to that page. */
export function subPageTrail(pathname: string): SubPage[] {
  const entry = menuTrail(pathname).at(-1);
  if (!entry || entry.path === HOME_PATH) return [];
  const pages: SubPage[] = [];
  let path = entry.path;
  for (const segment of pathname.slice(entry.path.length).split('/').filter(Boolean)) {
    path = `${path}/${segment}`;
    const last = pages.at(-1);
    if (SUB_PAGES.has(segment)) pages.push({ name: segment, path });
    else if (last) last.path = path;
  }
  return pages;
}
