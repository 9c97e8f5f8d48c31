import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { optionalEmailField, phoneField, realNameField, recordVersionField } from '../../validation.ts';
import {
  divisionCodeField,
  idField,
  pageIndexField,
  pageOf,
  pageSizeField,
  searchField,
  uploadedImageField,
} from './fields.ts';
import { roleLabel } from './builtin-roles.ts';

/**
 * Dealers (Dealer management > dealersManage, button B135), always inside the current company's
 * subtree. The record a call addresses is `id` (the context field `dealersId` is the current
 * company). An id outside the subtree answers NOT_FOUND exactly like a missing one. The current
 * company itself can be read and edited, but not disabled, deleted or handed over (NOT_FOUND).
 */

export const DEALER_MAX_LEVEL = 5;

export const dealerItem = z.object({
  dealersId: z.string(),
  dealersName: z.string(),
  dealersCode: z.string(),
  level: z.number().int().min(0).max(5),
  /** '' for the level-0 company. */
  parentId: z.string(),
  parentName: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  provinceCode: z.string(),
  cityCode: z.string(),
  address: z.string(),
  licenceImg: z.string(),
  dealersType: z.string(),
  enabled: z.boolean(),
  childCount: z.number().int(),
  memberCount: z.number().int(),
  createTime: z.string(),
  /** The record's version: an edit sends it back (STALE_VERSION when someone else changed it first). */
  version: z.number().int(),
});
export type DealerItem = z.infer<typeof dealerItem>;

/** The editable fields of a dealer (add and edit). `contactPhone` is also its admin account's login. */
export const dealerEditable = z.object({
  dealersName: z
    .string({ error: 'organization.validation.dealerName' })
    .trim()
    .min(1, 'organization.validation.dealerName')
    .max(50, 'organization.validation.dealerNameMax'),
  dealersCode: z
    .string({ error: 'organization.validation.dealerCode' })
    .trim()
    .min(1, 'organization.validation.dealerCode')
    .max(32, 'organization.validation.dealerCodeFormat')
    .regex(/^[A-Za-z0-9_-]+$/, 'organization.validation.dealerCodeFormat'),
  contactName: realNameField,
  contactPhone: phoneField,
  contactEmail: optionalEmailField.default(''),
  provinceCode: divisionCodeField,
  /** '' when the whole province (municipalities). */
  cityCode: z.union([z.literal(''), divisionCodeField]).default(''),
  address: z.string().trim().max(200, 'organization.validation.addressMax').default(''),
  /** '' or a URL answered by the image upload call. */
  licenceImg: uploadedImageField.default(''),
  dealersType: z.string().trim().max(32, 'organization.validation.dealerTypeMax').default(''),
});

/**
 * Two modes, both paginated and ordered by tree position (path):
 * - `parentId` set: the direct children of that dealer (lazy tree loading; '' is not allowed here,
 *   pass the current company's id for the first level);
 * - `parentId` '' (default): the whole subtree below the current company as a flat list, filtered
 *   by name/code (contains, case-insensitive) and level.
 * Each item has `childCount` so a tree knows which nodes expand.
 */
export const listDealers = defineCall({
  path: `${CLOUD_API}/dealers/list`,
  description: 'Dealers under the current company: lazy children of parentId, or the flat filtered subtree.',
  auth: 'session',
  button: Button.DEALERS,
  request: z
    .object({
      pageIndex: pageIndexField,
      pageSize: pageSizeField,
      parentId: z.string().trim().max(40).default(''),
      dealersName: searchField,
      dealersCode: searchField,
      level: z
        .union([
          z.literal(''),
          z.coerce.number().int().min(1, 'organization.validation.level').max(5, 'organization.validation.level'),
        ])
        .default(''),
      /** A dealer being handed over: only the dealers that may receive its sub-dealers (handOverDealers' rule), the company itself included. */
      handOverFrom: z.string().trim().max(40).default(''),
    })
    .strict(),
  response: pageOf(dealerItem),
});

/**
 * Adds a dealer under `parentId` ('' = the current company; otherwise a dealer of the subtree);
 * level = parent level + 1, at most 5. Creates its admin account (login = contactPhone) with a
 * random password answered once in `adminPassword`, and an 'Administrator' role holding the
 * caller's own buttons. When a dealer account with that phone exists already it is not made the
 * admin without its consent: it is invited (`adminInvited` true, `adminPassword` null) and becomes
 * the member holding that role, and the dealer's admin, when it accepts at its next sign-in.
 */
export const addDealers = defineCall({
  path: `${CLOUD_API}/dealers/addDealers`,
  description: 'Adds a sub-dealer with its admin account.',
  auth: 'session',
  button: Button.DEALERS,
  request: dealerEditable.extend({ parentId: z.string().trim().max(40).default('') }).strict(),
  response: z.object({
    dealer: dealerItem,
    adminPhone: z.string(),
    adminPassword: z.string().nullable(),
    adminInvited: z.boolean(),
  }),
});

export const dealerMemberItem = z.object({
  memberId: z.string(),
  userId: z.string(),
  phone: z.string(),
  realName: z.string(),
  email: z.string(),
  img: z.string(),
  dealersId: z.string(),
  dealersName: z.string(),
  /** Division codes of the jurisdiction area. */
  jurisdiction: z.array(z.string()),
  roles: z.array(roleLabel.extend({ roleId: z.string() })),
  createTime: z.string(),
  /** The member record's version: an edit sends it back. */
  version: z.number().int(),
});
export type DealerMemberItem = z.infer<typeof dealerMemberItem>;

/**
 * Base info, sale scope, and one page each of its direct sub-dealers and its own members.
 * Its own projects and devices are paged by listDealerProjects and listDealerDevices (dealer-holdings.ts).
 */
export const dealersDetail = defineCall({
  path: `${CLOUD_API}/dealers/dealersDetail`,
  description: 'One dealer of the subtree with pages of its sub-dealers and members.',
  auth: 'session',
  button: Button.DEALERS,
  request: z
    .object({ id: idField, subPageIndex: pageIndexField, memberPageIndex: pageIndexField, pageSize: pageSizeField })
    .strict(),
  response: z.object({
    info: dealerItem,
    adminPhone: z.string(),
    saleScope: z.array(z.string()),
    subDealers: pageOf(dealerItem),
    members: pageOf(dealerMemberItem),
  }),
});

export const editDealers = defineCall({
  path: `${CLOUD_API}/dealers/editDealers`,
  description: 'Edits a dealer of the subtree (or the current company); level and parent are not editable here.',
  auth: 'session',
  button: Button.DEALERS,
  request: dealerEditable.extend({ id: idField, version: recordVersionField }).strict(),
  response: dealerItem,
});

export const setDealersEnabled = defineCall({
  path: `${CLOUD_API}/dealers/setEnabled`,
  description: 'Enables or disables a dealer below the current company; members of a disabled dealer cannot act in it.',
  auth: 'session',
  button: Button.DEALERS,
  request: z.object({ id: idField, enabled: z.boolean({ error: 'organization.validation.enabled' }) }).strict(),
  response: z.null(),
});

/**
 * Refused while it has sub-dealers (DEALER_HAS_SUB_DEALERS), members (DEALER_HAS_MEMBERS), devices or
 * projects of its own (DEALER_HAS_DEVICES, quoting both counts: hand them over first) or other records
 * of its own such as customers, PDA users, departments, engineers (DEALER_HAS_RECORDS).
 */
export const deleteDealers = defineCall({
  path: `${CLOUD_API}/dealers/delete`,
  description: 'Deletes a dealer below the current company that has no sub-dealers and no members.',
  auth: 'session',
  button: Button.DEALERS,
  request: z.object({ id: idField }).strict(),
  response: z.null(),
});

/**
 * Moves every direct sub-dealer of `id` (with their subtrees) under `toId`; levels and paths are
 * recomputed, and `moved` answers how many dealers moved (the sub-dealers and everything below them). `toId` must be in the subtree, not `id` itself nor inside a moved subtree
 * (DEALER_CYCLE), and no moved dealer may end deeper than level 5 (DEALER_LEVEL_EXCEEDED).
 * The devices and projects `id` owns itself go to `toId` in the same transaction (`devices`, `projects`:
 * how many); each device's operation log records the move, and its connection ends (it signs in again
 * under the new owner). Nothing else of `id` moves: its members, customers and other records stay.
 */
export const handOverDealers = defineCall({
  path: `${CLOUD_API}/dealers/handOver`,
  description: "Hands a dealer's sub-dealers, devices and projects over to another dealer of the subtree.",
  auth: 'session',
  button: Button.DEALERS,
  request: z.object({ id: idField, toId: idField }).strict(),
  response: z.object({ moved: z.number().int(), devices: z.number().int(), projects: z.number().int() }),
});

export const getSaleScope = defineCall({
  path: `${CLOUD_API}/dealers/getSaleScope`,
  description: 'The province and city codes where a dealer may sell.',
  auth: 'session',
  button: Button.DEALERS,
  request: z.object({ id: idField }).strict(),
  response: z.object({ areas: z.array(z.string()) }),
});

/** Replaces the sale scope; every code must be a known province or city (GB/T 2260). */
export const setSaleScope = defineCall({
  path: `${CLOUD_API}/dealers/setSaleScope`,
  description: 'Sets the province and city codes where a dealer may sell.',
  auth: 'session',
  button: Button.DEALERS,
  request: z
    .object({ id: idField, areas: z.array(divisionCodeField).max(500, 'organization.validation.areasMax') })
    .strict(),
  response: z.object({ areas: z.array(z.string()) }),
});

/**
 * The "random password view": sets a NEW random password on the dealer's admin account and
 * answers it once (it is not stored in clear text, so it cannot be shown again). Only for an admin
 * account that is still a member of that dealer and of no company outside the caller's subtree
 * (else NOT_FOUND): nobody resets the password of an account used elsewhere. Its buttons in that
 * dealer must all be held by the caller (else TARGET_OUTRANKS). The account's live sessions end,
 * and the reset is written to the account log of both accounts.
 */
export const resetDealerAdminPassword = defineCall({
  path: `${CLOUD_API}/dealers/randomPassword`,
  description: "Regenerates and shows once the random password of a dealer's admin account.",
  auth: 'session',
  button: Button.DEALERS,
  request: z.object({ id: idField }).strict(),
  response: z.object({ adminPhone: z.string(), password: z.string() }),
});
