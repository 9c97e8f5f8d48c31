import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import type { ButtonId } from '../../permissions.ts';
import { confirmPasswordField, passwordField, realNameField, withConfirmPassword } from '../../validation.ts';
import { divisionCodeField } from '../organization/fields.ts';

/** Fields and shapes shared by the people-record calls (customers, PDA users, departments, engineers, account log). */

export const PEOPLE_PAGE_SIZE = 10;

export const pageIndexField = z.coerce
  .number({ error: 'validation.page.index' })
  .int('validation.page.index')
  .min(1, 'validation.page.index')
  .default(1);
/** A page size of 1 to `max`, `fallback` when absent. */
export const pageSizeOf = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'validation.page.size' })
    .int('validation.page.size')
    .min(1, 'validation.page.size')
    .max(max, 'validation.page.size')
    .default(fallback);
export const pageSizeField = pageSizeOf(999, PEOPLE_PAGE_SIZE);

/** antd Table's sort order names. */
export const sortOrderField = z
  .enum(['ascend', 'descend'], { error: 'people.validation.sortOrder' })
  .default('descend');
export type SortOrder = z.infer<typeof sortOrderField>;

/** A search text: trimmed, at most 50 characters, empty means no filter. */
export const searchField = z
  .string({ error: 'people.validation.search' })
  .trim()
  .max(50, 'people.validation.search')
  .default('');

/** Lock filter of account lists: '' all, '0' not locked, '1' locked. */
export const lockedFilterField = z.enum(['', '0', '1'], { error: 'people.validation.lockedFilter' }).default('');

/** A record id as the wire carries it (bigint ids travel as strings). */
export const idField = (requiredKey: string) =>
  z.string({ error: requiredKey }).trim().min(1, requiredKey).max(20, requiredKey);

/** Display name of a person (customer user name, PDA real name, engineer name): the member name rule. */
export const personNameField = realNameField;

/** Avatar: an URL answered by the image upload call, or empty. */
export const avatarField = z
  .string({ error: 'validation.image.url' })
  .max(300, 'validation.image.url')
  .refine((value) => value === '' || value.startsWith('/uploads/'), 'validation.image.url')
  .default('');

/** Login name of a PDA user: 4 to 20 letters, digits or underscores (PDA handhelds sign in with it, not a phone). */
export const LOGIN_NAME_PATTERN = /^[A-Za-z0-9_]{4,20}$/;
export const loginNameField = z
  .string({ error: 'people.validation.loginName.required' })
  .trim()
  .min(1, 'people.validation.loginName.required')
  .refine((value) => LOGIN_NAME_PATTERN.test(value), 'people.validation.loginName.format');

/** The most divisions an engineer serves. */
export const AREA_CODES_MAX = 20;
/** Service areas as GB/T 2260 province or city codes (the server refuses codes it does not know). */
export const areaCodesField = z
  .array(divisionCodeField)
  .max(AREA_CODES_MAX, 'people.validation.areaCodesMax')
  .default([]);
/** A filter by one division code ('' for none). */
export const areaFilterField = z.union([z.literal(''), divisionCodeField]).default('');

/** Body of every reset-password call: the administrator types the new password twice (section 5 password rule). */
export const newPasswordFields = {
  password: passwordField,
  confirmPassword: confirmPasswordField,
};

/** Adds the confirm-password rule to a body holding the new password. */
export const confirmed = withConfirmPassword;

/** Owner columns every people record answers: the dealer (company) that owns the record. */
export const ownerFields = { ownerDealerId: z.string(), ownerDealerName: z.string() };

/** The account state every account-like record answers. */
export const accountStateFields = {
  /** Locked by an administrator or by five wrong passwords; a locked account cannot sign in. */
  locked: z.boolean(),
  createTime: z.string(),
};

export const listAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), totalSize: z.number().int() });

/**
 * The four administrator calls every account-like record has (customers, PDA users, engineers):
 * reset password (typed by the administrator, password rule, twice; the live session ends), lock
 * (until unlocked: sign-in answers 'this account has been locked' and the live session ends),
 * unlock (also lifts a wrong-password lock) and delete. Each takes only the record id.
 */
// Like defineCall: lets the console's bundler drop the calls a page does not use.
/* #__NO_SIDE_EFFECTS__ */
export function accountActionCalls<K extends string>(
  resource: string,
  button: ButtonId,
  idKey: K,
  idRequiredKey: string,
) {
  const id = { [idKey]: idField(idRequiredKey) } as Record<K, ReturnType<typeof idField>>;
  const byId = (action: string, description: string) =>
    defineCall({
      path: `${CLOUD_API}/${resource}/${action}`,
      description,
      auth: 'session',
      button,
      request: z.object(id).strict(),
      response: z.null(),
    });
  return {
    resetPassword: defineCall({
      path: `${CLOUD_API}/${resource}/resetPassword`,
      description:
        'Sets the password the administrator typed (password rule, twice); ends the live session and clears failed sign-ins.',
      auth: 'session',
      button,
      // withConfirmPassword cannot see `password` through the generic id key, hence the same rule written out.
      request: z
        .object({ ...id, ...newPasswordFields })
        .strict()
        .refine(
          (body) => {
            const passwords = body as { password: string; confirmPassword: string };
            return passwords.password === passwords.confirmPassword;
          },
          { message: 'validation.confirmPassword.mismatch', path: ['confirmPassword'] },
        ),
      response: z.null(),
    }),
    lock: byId(
      'lock',
      "Locks the account until unlocked: sign-in answers 'this account has been locked' and the live session ends.",
    ),
    unlock: byId('unlock', "Lifts the administrator's lock and a wrong-password lock."),
    remove: byId('delete', 'Deletes the account; its account-log entries keep the name.'),
  };
}
