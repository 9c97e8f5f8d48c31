import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { optionalEmailField, phoneField, realNameField, recordVersionField } from '../../validation.ts';
import { dealerMemberItem } from './dealers.ts';
import {
  divisionCodeField,
  idField,
  pageIndexField,
  pageOf,
  pageSizeField,
  searchField,
  uploadedImageField,
} from './fields.ts';

/**
 * Members (Dealer management > memberManage, button B89). The list covers the current company's
 * subtree (or one dealer of it with `ownerId`); members are added to the current company.
 * Roles given to a member must be owned by the member's dealer or by an ancestor inside the
 * caller's subtree whose `viewLevelMax` allows the member dealer's level, and hold only buttons
 * the caller holds itself (ROLE_NOT_ASSIGNABLE / BUTTON_NOT_HELD otherwise).
 */

export const listMembers = defineCall({
  path: `${CLOUD_API}/member/list`,
  description: 'Members of the subtree (or of one dealer of it), searchable by name or phone.',
  auth: 'session',
  button: Button.MEMBERS,
  request: z
    .object({
      pageIndex: pageIndexField,
      pageSize: pageSizeField,
      /** Contains-match on real name or phone. */
      keyword: searchField,
      /** '' = the whole subtree; a dealer id = that dealer's own members. */
      ownerId: z.string().trim().max(40).default(''),
    })
    .strict(),
  response: pageOf(dealerMemberItem),
});

/**
 * What the add-member dialog asks first: whether a dealer account with this phone exists (if not,
 * the console asks "create an account?") and whether it is a member of the current company already
 * (then it offers to edit its permissions, `memberId`). `realName` is answered only for an account
 * that is already a member of a company of the caller's subtree ('' otherwise): a phone number never
 * reveals the name of a stranger. `invited`: an invitation to the current company is pending.
 */
export const checkMemberPhone = defineCall({
  path: `${CLOUD_API}/member/checkPhone`,
  description: 'Whether a phone has a dealer account and is a member of the current company.',
  auth: 'session',
  button: Button.MEMBERS,
  request: z.object({ phone: phoneField }).strict(),
  response: z.object({
    accountExists: z.boolean(),
    isMember: z.boolean(),
    memberId: z.string().nullable(),
    realName: z.string(),
    invited: z.boolean(),
  }),
});

const memberEditable = z.object({
  roleIds: z
    .array(idField, { error: 'organization.validation.roleRequired' })
    .min(1, 'organization.validation.roleRequired')
    .max(20),
  jurisdiction: z.array(divisionCodeField).max(100).default([]),
  img: uploadedImageField.default(''),
  email: optionalEmailField.default(''),
});

/**
 * Adds a member to the current company. When no dealer account has this phone, `createAccount`
 * must be true (else ACCOUNT_MISSING): the account is created with `realName` and a random
 * password answered once in `password`. Already a member: ALREADY_MEMBER. An existing account is
 * never added without its consent: it is invited with these roles (`member` null, `invited` true)
 * and becomes a member when it accepts (calls/organization/invitations.ts); INVITATION_PENDING
 * when an invitation to this company waits already.
 */
export const addMember = defineCall({
  path: `${CLOUD_API}/member/add`,
  description: 'Adds a member (and its account when asked) to the current company.',
  auth: 'session',
  button: Button.MEMBERS,
  request: memberEditable
    .extend({ phone: phoneField, realName: realNameField, createAccount: z.boolean().default(false) })
    .strict(),
  response: z.object({ member: dealerMemberItem.nullable(), password: z.string().nullable(), invited: z.boolean() }),
});

/**
 * Replaces roles and jurisdiction and sets avatar and email of the account; those two are left as
 * they are when the account is also a member of a company outside the caller's subtree. The
 * member's buttons must all be held by the caller (TARGET_OUTRANKS), and the roles of a company's
 * admin account change only from an ancestor company (COMPANY_ADMIN_PROTECTED). `version` is the
 * one the member was loaded with (STALE_VERSION when someone else changed it first).
 */
export const editMember = defineCall({
  path: `${CLOUD_API}/member/edit`,
  description: "Edits a member's roles, jurisdiction area, avatar and email.",
  auth: 'session',
  button: Button.MEMBERS,
  request: memberEditable.extend({ memberId: idField, version: recordVersionField }).strict(),
  response: dealerMemberItem,
});

/** The account itself stays (and its memberships elsewhere). Same rules as editMember: TARGET_OUTRANKS, COMPANY_ADMIN_PROTECTED. */
export const removeMember = defineCall({
  path: `${CLOUD_API}/member/remove`,
  description: 'Removes a member from its company; the account stays.',
  auth: 'session',
  button: Button.MEMBERS,
  request: z.object({ memberId: idField }).strict(),
  response: z.null(),
});
