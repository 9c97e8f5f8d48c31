import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { optionalEmailField } from '../../validation.ts';
import {
  accountActionCalls,
  accountStateFields,
  confirmed,
  idField,
  listAnswer,
  lockedFilterField,
  loginNameField,
  newPasswordFields,
  ownerFields,
  pageIndexField,
  pageSizeField,
  personNameField,
  searchField,
  sortOrderField,
} from './common.ts';

/**
 * PDA users (pdaUserManage, B257): accounts of identity 'pda' for the factory handhelds that bind
 * machine barcodes. A PDA user belongs to a department and is owned by the department's owner.
 * They sign in with `login` and loginSource 'pda' by user name.
 */

export const pdaUser = z.object({
  pdaUserId: z.string(),
  /** The login name. */
  userName: z.string(),
  realName: z.string(),
  email: z.string(),
  departmentId: z.string(),
  departmentName: z.string(),
  ...ownerFields,
  ...accountStateFields,
});
export type PdaUser = z.infer<typeof pdaUser>;

const pdaUserId = idField('people.validation.pdaUserId');
const departmentId = idField('people.validation.departmentId');

export const PDA_USER_SORT_FIELDS = ['createTime', 'userName', 'realName', 'departmentName'] as const;

export const listPdaUsers = defineCall({
  path: `${CLOUD_API}/pdaUser/list`,
  description: 'PDA users of the departments in the subtree; partial-match search, department filter, sort, pages.',
  auth: 'session',
  button: Button.PDA_USERS,
  request: z
    .object({
      pageIndex: pageIndexField,
      pageSize: pageSizeField,
      userName: searchField,
      realName: searchField,
      departmentId: z.string().max(20).default(''),
      locked: lockedFilterField,
      sortField: z.enum(PDA_USER_SORT_FIELDS, { error: 'people.validation.sortField' }).default('createTime'),
      sortOrder: sortOrderField,
    })
    .strict(),
  response: listAnswer(pdaUser),
});

const pdaUserEditable = {
  userName: loginNameField,
  realName: personNameField,
  email: optionalEmailField.default(''),
  departmentId,
};

export const addPdaUser = defineCall({
  path: `${CLOUD_API}/pdaUser/add`,
  description:
    "Creates a PDA account in a department of the subtree; 'user name already exists' when a PDA account has it.",
  auth: 'session',
  button: Button.PDA_USERS,
  request: confirmed(z.object({ ...pdaUserEditable, ...newPasswordFields }).strict()),
  response: pdaUser,
});

export const updatePdaUser = defineCall({
  path: `${CLOUD_API}/pdaUser/update`,
  description: 'Edits user name, real name, email and department (a department of the subtree).',
  auth: 'session',
  button: Button.PDA_USERS,
  request: z.object({ pdaUserId, ...pdaUserEditable }).strict(),
  response: pdaUser,
});

const pdaUserActions = accountActionCalls('pdaUser', Button.PDA_USERS, 'pdaUserId', 'people.validation.pdaUserId');
export const resetPdaUserPassword = pdaUserActions.resetPassword;
export const lockPdaUser = pdaUserActions.lock;
export const unlockPdaUser = pdaUserActions.unlock;
export const deletePdaUser = pdaUserActions.remove;
