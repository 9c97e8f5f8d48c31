import { z } from 'zod';
import { multilineText } from '../../text.ts';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { optionalEmailField, phoneField, remarksField } from '../../validation.ts';
import {
  accountActionCalls,
  accountStateFields,
  areaCodesField,
  areaFilterField,
  confirmed,
  idField,
  listAnswer,
  lockedFilterField,
  newPasswordFields,
  ownerFields,
  pageIndexField,
  pageSizeField,
  personNameField,
  searchField,
  sortOrderField,
} from './common.ts';

/**
 * After-sales engineers (engineerManage, B292): accounts of identity 'engineer' (login by phone,
 * for the service app of a later issue) who take orders, are sent on inspection dispatches and
 * punch in on site. Owned by a dealer; `enabled` says whether they may receive new work, while
 * `locked` stops them signing in.
 */

export const engineer = z.object({
  engineerId: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  /** GB/T 2260 province or city codes of the areas served; the console names them in its language. */
  areaCodes: z.array(z.string()),
  notes: z.string(),
  enabled: z.boolean(),
  ...ownerFields,
  ...accountStateFields,
});
export type Engineer = z.infer<typeof engineer>;

const engineerId = idField('people.validation.engineerId');

export const ENGINEER_SORT_FIELDS = ['createTime', 'name', 'phone'] as const;

export const listEngineers = defineCall({
  path: `${CLOUD_API}/engineer/list`,
  description: 'Engineers owned by the current company or its sub-dealers; partial-match search, filters, sort, pages.',
  auth: 'session',
  button: Button.ENGINEERS,
  request: z
    .object({
      pageIndex: pageIndexField,
      pageSize: pageSizeField,
      name: searchField,
      phone: searchField,
      /** A province or city code: engineers serving it, or (for a province) any of its cities. */
      area: areaFilterField,
      /** '' all, '1' enabled, '0' disabled. */
      enabled: z.enum(['', '0', '1'], { error: 'people.validation.enabledFilter' }).default(''),
      locked: lockedFilterField,
      sortField: z.enum(ENGINEER_SORT_FIELDS, { error: 'people.validation.sortField' }).default('createTime'),
      sortOrder: sortOrderField,
    })
    .strict(),
  response: listAnswer(engineer),
});

const engineerEditable = {
  name: personNameField,
  phone: phoneField,
  email: optionalEmailField.default(''),
  areaCodes: areaCodesField,
  // Spec section 5: remarks at most 20 characters.
  notes: multilineText(remarksField.default('')),
  enabled: z.boolean({ error: 'people.validation.enabled' }).default(true),
};

export const addEngineer = defineCall({
  path: `${CLOUD_API}/engineer/add`,
  description:
    "Creates an engineer account owned by the current company, or by ownerDealerId in its subtree; 'phone number already exists' when an engineer has it.",
  auth: 'session',
  button: Button.ENGINEERS,
  request: confirmed(
    z.object({ ...engineerEditable, ...newPasswordFields, ownerDealerId: z.string().max(20).optional() }).strict(),
  ),
  response: engineer,
});

export const updateEngineer = defineCall({
  path: `${CLOUD_API}/engineer/update`,
  description: 'Edits name, phone (unique among engineers), email, service areas, notes and enabled.',
  auth: 'session',
  button: Button.ENGINEERS,
  request: z.object({ engineerId, ...engineerEditable }).strict(),
  response: engineer,
});

const engineerActions = accountActionCalls('engineer', Button.ENGINEERS, 'engineerId', 'people.validation.engineerId');
export const resetEngineerPassword = engineerActions.resetPassword;
export const lockEngineer = engineerActions.lock;
export const unlockEngineer = engineerActions.unlock;
export const deleteEngineer = engineerActions.remove;
