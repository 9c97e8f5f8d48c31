import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { isSpacedTitle } from '../../validation.ts';
import {
  idField,
  listAnswer,
  ownerFields,
  pageIndexField,
  pageSizeField,
  searchField,
  sortOrderField,
} from './common.ts';

/**
 * Departments (departmentManage, B268): production departments whose PDA users bind machine
 * barcodes on the line. Each is owned by a dealer (normally the maker) and visible in its subtree.
 */

export const department = z.object({
  departmentId: z.string(),
  departmentCode: z.string(),
  departmentName: z.string(),
  productionBase: z.string(),
  /** Name of the account that created it. */
  creator: z.string(),
  /** How many PDA users belong to it; a department with PDA users cannot be deleted. */
  pdaUserCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
  ...ownerFields,
});
export type Department = z.infer<typeof department>;

/** Department code: 1 to 32 letters, digits, '-' or '_', unique within the owner company. */
export const DEPARTMENT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const departmentId = idField('people.validation.departmentId');

const departmentEditable = {
  departmentCode: z
    .string({ error: 'people.validation.departmentCode.required' })
    .trim()
    .min(1, 'people.validation.departmentCode.required')
    .refine((value) => DEPARTMENT_CODE_PATTERN.test(value), 'people.validation.departmentCode.format'),
  departmentName: z
    .string({ error: 'people.validation.departmentName.required' })
    .trim()
    .min(1, 'people.validation.departmentName.required')
    .max(50, 'validation.title.max')
    .refine(isSpacedTitle, 'people.validation.departmentName.format'),
  productionBase: z
    .string({ error: 'people.validation.productionBase.required' })
    .trim()
    .min(1, 'people.validation.productionBase.required')
    .max(50, 'people.validation.productionBase.max'),
};

export const DEPARTMENT_SORT_FIELDS = ['createTime', 'updateTime', 'departmentCode', 'departmentName'] as const;

export const listDepartments = defineCall({
  path: `${CLOUD_API}/department/list`,
  description: 'Departments owned by the current company or its sub-dealers; partial-match search, sort, pages.',
  auth: 'session',
  button: Button.DEPARTMENTS,
  request: z
    .object({
      pageIndex: pageIndexField,
      pageSize: pageSizeField,
      departmentCode: searchField,
      departmentName: searchField,
      productionBase: searchField,
      sortField: z.enum(DEPARTMENT_SORT_FIELDS, { error: 'people.validation.sortField' }).default('createTime'),
      sortOrder: sortOrderField,
    })
    .strict(),
  response: listAnswer(department),
});

/** Every department in scope as id and name, for the PDA user form's department select. */
export const departmentOptions = defineCall({
  path: `${CLOUD_API}/department/options`,
  description: 'All departments of the subtree (id, code, name), ordered by name, for selects.',
  auth: 'session',
  button: Button.PDA_USERS,
  request: z.object({}).strict(),
  response: z.array(z.object({ departmentId: z.string(), departmentCode: z.string(), departmentName: z.string() })),
});

export const addDepartment = defineCall({
  path: `${CLOUD_API}/department/add`,
  description:
    "Creates a department owned by the current company, or by ownerDealerId in its subtree; 'department code already exists' when taken.",
  auth: 'session',
  button: Button.DEPARTMENTS,
  request: z.object({ ...departmentEditable, ownerDealerId: z.string().max(20).optional() }).strict(),
  response: department,
});

export const updateDepartment = defineCall({
  path: `${CLOUD_API}/department/update`,
  description: 'Edits code, name and production base; the update time moves.',
  auth: 'session',
  button: Button.DEPARTMENTS,
  request: z.object({ departmentId, ...departmentEditable }).strict(),
  response: department,
});

export const deleteDepartment = defineCall({
  path: `${CLOUD_API}/department/delete`,
  description: 'Deletes a department; refused while PDA users belong to it.',
  auth: 'session',
  button: Button.DEPARTMENTS,
  request: z.object({ departmentId }).strict(),
  response: z.null(),
});
