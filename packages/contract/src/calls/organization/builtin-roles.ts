import { z } from 'zod';
import type { Locale } from '../../envelope.ts';
import { translate } from '../../messages/index.ts';

/**
 * Roles the console makes itself (the administrator role of a new dealer). Their name is not stored
 * text but the catalog entry `role.builtin.<id>`, shown in the reader's language; renaming such a
 * role makes it an ordinary one with the typed name. A typed name equal to a built-in one is just a
 * name: it is stored as typed and shown as typed (role names need not be unique).
 */
export const BUILTIN_ROLES = ['admin'] as const;
export type BuiltinRole = (typeof BUILTIN_ROLES)[number];

/** null for a role named by its company. */
export const builtinRoleField = z.enum(BUILTIN_ROLES).nullable();

/** A role as lists show it: its own name, or the built-in one it stands for. */
export const roleLabel = z.object({ roleName: z.string(), builtin: builtinRoleField });
export type RoleLabel = z.infer<typeof roleLabel>;

export const builtinRoleKey = (role: BuiltinRole): string => `role.builtin.${role}`;

/** The name shown for a role in a language. */
export const roleNameIn = (locale: Locale, role: RoleLabel): string =>
  role.builtin ? translate(locale, builtinRoleKey(role.builtin)) : role.roleName;
