import { MENU, type MenuEntry } from '@dcc/contract';

const HOME_PATH = '/company';

const covers = (entry: MenuEntry, pathname: string) =>
  entry.path === HOME_PATH ? pathname === HOME_PATH || pathname === `${HOME_PATH}/` : pathname === entry.path || pathname.startsWith(`${entry.path}/`);

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
