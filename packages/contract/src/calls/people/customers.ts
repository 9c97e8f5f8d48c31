import { z } from 'zod';
import { CLOUD_API, defineCall } from '../../call.ts';
import { Button } from '../../permissions.ts';
import { optionalEmailField, phoneField } from '../../validation.ts';
import {
  accountActionCalls,
  accountStateFields,
  avatarField,
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
 * End customers (customerManage, B138): accounts of identity 'user' that sign in through the
 * customer system with their phone. Each is owned by a dealer and visible in that dealer's subtree.
 */

export const customer = z.object({
  customerId: z.string(),
  /** Display name. */
  userName: z.string(),
  /** The login account. */
  phone: z.string(),
  email: z.string(),
  img: z.string(),
  ...ownerFields,
  ...accountStateFields,
});
export type Customer = z.infer<typeof customer>;

const customerId = idField('people.validation.customerId');

export const CUSTOMER_SORT_FIELDS = ['createTime', 'userName', 'phone'] as const;

export const listCustomers = defineCall({
  path: `${CLOUD_API}/customer/list`,
  description: 'End customers owned by the current company or its sub-dealers; partial-match search, sort, pages.',
  auth: 'session',
  button: Button.CUSTOMERS,
  request: z
    .object({
      pageIndex: pageIndexField,
      pageSize: pageSizeField,
      userName: searchField,
      phone: searchField,
      email: searchField,
      locked: lockedFilterField,
      sortField: z.enum(CUSTOMER_SORT_FIELDS, { error: 'people.validation.sortField' }).default('createTime'),
      sortOrder: sortOrderField,
    })
    .strict(),
  response: listAnswer(customer),
});

const customerEditable = {
  userName: personNameField,
  phone: phoneField,
  email: optionalEmailField.default(''),
  img: avatarField,
};

export const addCustomer = defineCall({
  path: `${CLOUD_API}/customer/add`,
  description:
    "Creates an end-customer account owned by the current company, or by ownerDealerId when it is in the company's subtree. " +
    "Refused with 'phone number already exists' when a customer account has this phone.",
  auth: 'session',
  button: Button.CUSTOMERS,
  request: confirmed(
    z.object({ ...customerEditable, ...newPasswordFields, ownerDealerId: z.string().max(20).optional() }).strict(),
  ),
  response: customer,
});

export const updateCustomer = defineCall({
  path: `${CLOUD_API}/customer/update`,
  description: 'Edits name, phone (the login account, kept unique among customers), email and avatar.',
  auth: 'session',
  button: Button.CUSTOMERS,
  request: z.object({ customerId, ...customerEditable }).strict(),
  response: customer,
});

const customerActions = accountActionCalls('customer', Button.CUSTOMERS, 'customerId', 'people.validation.customerId');
export const resetCustomerPassword = customerActions.resetPassword;
export const lockCustomer = customerActions.lock;
export const unlockCustomer = customerActions.unlock;
export const deleteCustomer = customerActions.remove;
