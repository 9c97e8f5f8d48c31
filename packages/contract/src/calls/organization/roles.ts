import { z } from 'zod';
import { multilineText } from '../../text.ts';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { FAULT_LEVELS, MAX_FAULT_LEVEL, MIN_FAULT_LEVEL } from '../../faults.ts';
import { recordVersionField } from '../../validation.ts';
import { builtinRoleField } from './builtin-roles.ts';
import { idField, pageIndexField, pageOf, pageSizeField, searchField } from './fields.ts';

/**
 * Roles (Dealer management > roleManage, roleAdd, roleEdit; button B170) of the current company.
 * `viewLevelMax` n means dealer levels 1..n may use the role (1, 1-2, ... 1-5); `faultLevels` is
 * a subset of FAULT_LEVELS (0-3). Empty name or no button: ROLE_CONTENT_EMPTY ('the contents are not filled in').
 * Buttons the caller does not hold: BUTTON_NOT_HELD; platform-only buttons below the level-0 company:
 * BUTTON_PLATFORM_ONLY. An edit sends the version it loaded (stale: STALE_VERSION). A role in use by
 * members cannot be deleted.
 */

export const roleItem = z.object({
  roleId: z.string(),
  /** As stored; a built-in role shows its catalog name instead (roleNameIn). */
  roleName: z.string(),
  builtin: builtinRoleField,
  description: z.string(),
  viewLevelMax: z.number().int().min(1).max(5),
  faultLevels: z.array(z.number().int().min(MIN_FAULT_LEVEL).max(MAX_FAULT_LEVEL)),
  buttonIds: z.array(z.string()),
  memberCount: z.number().int(),
  createTime: z.string(),
  /** Sent back by an edit; a stale one is refused with STALE_VERSION. */
  version: z.number().int(),
});
export type RoleItem = z.infer<typeof roleItem>;

/** Spec section 5: a role's contents are filled in, a name and at least one button; otherwise ROLE_CONTENT_EMPTY (the console marks and checks the fields with these). */
export const roleContent = {
  roleName: z.string().trim().min(1, 'organization.error.roleContentEmpty'),
  buttonIds: z.array(z.string()).min(1, 'organization.error.roleContentEmpty'),
};

/** Lenient on emptiness so the server answers the spec's single message, strict on shape. */
const roleEditable = z.object({
  roleName: z.string().trim().max(30, 'organization.validation.roleNameMax').default(''),
  description: multilineText(z.string().trim().max(200, 'organization.validation.descriptionMax').default('')),
  viewLevelMax: z.coerce
    .number({ error: 'organization.validation.viewLevel' })
    .int('organization.validation.viewLevel')
    .min(1, 'organization.validation.viewLevel')
    .max(5, 'organization.validation.viewLevel'),
  faultLevels: z
    .array(
      z
        .number()
        .int()
        .min(MIN_FAULT_LEVEL, 'organization.validation.faultLevel')
        .max(MAX_FAULT_LEVEL, 'organization.validation.faultLevel'),
    )
    .max(FAULT_LEVELS.length)
    .default([]),
  buttonIds: z.array(z.string().max(40)).max(500).default([]),
});

export const listRoles = defineCall({
  path: `${CLOUD_API}/role/list`,
  description: 'Roles of the current company, searchable by name.',
  auth: 'session',
  button: Button.ROLES,
  request: z.object({ pageIndex: pageIndexField, pageSize: pageSizeField, roleName: searchField }).strict(),
  response: pageOf(roleItem),
});

export const roleAdd = defineCall({
  path: `${CLOUD_API}/role/add`,
  description: 'Adds a role to the current company.',
  auth: 'session',
  button: Button.ROLES,
  request: roleEditable.strict(),
  response: roleItem,
});

/** Takes effect on its members' next call. */
export const roleEdit = defineCall({
  path: `${CLOUD_API}/role/edit`,
  description: 'Edits a role of the current company.',
  auth: 'session',
  button: Button.ROLES,
  request: roleEditable.extend({ roleId: idField, version: recordVersionField }).strict(),
  response: roleItem,
});

export const roleDelete = defineCall({
  path: `${CLOUD_API}/role/delete`,
  description: 'Deletes a role of the current company that no member holds.',
  auth: 'session',
  button: Button.ROLES,
  request: z.object({ roleId: idField }).strict(),
  response: z.null(),
});
