import { LOCALES, roleNameIn, type BuiltinRole } from '@dcc/contract';

/** What a built-in role keeps in roles.name (never shown while roles.builtin is set): its English name. */
export const storedBuiltinName = (builtin: BuiltinRole): string => roleNameIn('en-US', { roleName: '', builtin });

/** Its shown names, one per language. */
const shownNames = (builtin: BuiltinRole): string[] =>
  LOCALES.map((locale) => roleNameIn(locale, { roleName: '', builtin }));

/** A built-in role stays built-in when an edit sends back a name it shows (it was not renamed). */
export const builtinAfterRename = (builtin: BuiltinRole | null, typed: string): BuiltinRole | null =>
  builtin && shownNames(builtin).includes(typed) ? builtin : null;

/** The built-in roles a name search finds by a shown name. */
export const builtinsMatching = (search: string, builtins: readonly BuiltinRole[]): BuiltinRole[] =>
  builtins.filter((builtin) => shownNames(builtin).some((name) => name.toLowerCase().includes(search.toLowerCase())));
