import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { idField } from './fields.ts';

/**
 * The permission button tree. Reading it: the role pages (B170, `roles/buttonTree`, with
 * `grantable` = the caller holds it) and the button page (System management > buttonManage,
 * B213). Changing it (add, rename, move, delete) is for the level-0 company only: the tree is
 * shared by every company, so a lower company with B213 gets PERMISSION_DENIED.
 * Delete: `deleteWord` must equal the button's id (e.g. 'B135'), else DELETE_WORD_MISMATCH
 * ('input error'); a button with children cannot be deleted.
 */

export interface ButtonNode {
  buttonId: string;
  parentId: string;
  /** The custom name when renamed, else the catalog label in the caller's language. */
  label: string;
  grantable: boolean;
  children: ButtonNode[];
}
export const buttonNode: z.ZodType<ButtonNode> = z.lazy(() =>
  z.object({
    buttonId: z.string(),
    parentId: z.string(),
    label: z.string(),
    grantable: z.boolean(),
    children: z.array(buttonNode),
  }),
);

const buttonIdField = z
  .string({ error: 'organization.validation.buttonId' })
  .trim()
  .regex(/^[A-Za-z0-9_]{1,32}$/, 'organization.validation.buttonId');
const buttonNameField = z
  .string({ error: 'organization.validation.buttonName' })
  .trim()
  .min(1, 'organization.validation.buttonName')
  .max(30, 'organization.validation.buttonNameMax');

export const roleButtonTree = defineCall({
  path: `${CLOUD_API}/role/buttonTree`,
  description: 'The button tree for the role form; grantable marks the buttons the caller holds.',
  auth: 'session',
  button: Button.ROLES,
  request: z.object({}).strict(),
  response: z.array(buttonNode),
});

export const getButtonTree = defineCall({
  path: `${CLOUD_API}/button/tree`,
  description: 'The permission button tree for the button page.',
  auth: 'session',
  button: Button.SYSTEM_MANAGE,
  request: z.object({}).strict(),
  response: z.array(buttonNode),
});

export const addButton = defineCall({
  path: `${CLOUD_API}/button/add`,
  description: 'Adds a button under a parent ("" for a top-level entry).',
  auth: 'session',
  button: Button.SYSTEM_MANAGE,
  request: z
    .object({ buttonId: buttonIdField, parentId: z.string().trim().max(40).default(''), name: buttonNameField })
    .strict(),
  response: z.null(),
});

export const renameButton = defineCall({
  path: `${CLOUD_API}/button/rename`,
  description: 'Renames a button (its label in every language).',
  auth: 'session',
  button: Button.SYSTEM_MANAGE,
  request: z.object({ buttonId: idField, name: buttonNameField }).strict(),
  response: z.null(),
});

/** Refused with BUTTON_CYCLE when the new parent is the button or one of its descendants. */
export const moveButton = defineCall({
  path: `${CLOUD_API}/button/move`,
  description: 'Moves a button under another parent ("" for the top level).',
  auth: 'session',
  button: Button.SYSTEM_MANAGE,
  request: z.object({ buttonId: idField, parentId: z.string().trim().max(40).default('') }).strict(),
  response: z.null(),
});

export const deleteButton = defineCall({
  path: `${CLOUD_API}/button/delete`,
  description: 'Deletes a button without children after the delete word (its id) is typed.',
  auth: 'session',
  button: Button.SYSTEM_MANAGE,
  request: z.object({ buttonId: idField, deleteWord: z.string().max(40).default('') }).strict(),
  response: z.null(),
});
