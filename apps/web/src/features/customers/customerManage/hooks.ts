import {
  addCustomer,
  deleteCustomer,
  listCustomers,
  lockCustomer,
  resetCustomerPassword,
  unlockCustomer,
  updateCustomer,
  CUSTOMER_SORT_FIELDS,
} from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { sortRequest, useListMutation, type AccountCalls, type ListQuery } from '../../../components/list/index.ts';

/** The customer list's name (remembered query, query cache). */
export const CUSTOMER_LIST = 'customerManage';

/** What the search form filters by. */
export interface CustomerFilters {
  userName: string;
  phone: string;
  /** '' all, '0' normal, '1' locked. */
  locked: '' | '0' | '1';
}

/** The add/edit form's values; customerId only when editing. */
export interface CustomerDraft {
  customerId?: string;
  userName: string;
  phone: string;
  email: string;
  img: string;
  password?: string;
  confirmPassword?: string;
}

/** One page of end customers. */
export function loadCustomers(query: ListQuery<CustomerFilters>) {
  const { pageIndex, pageSize, userName, phone, locked } = query;
  return call(listCustomers, {
    pageIndex,
    pageSize,
    userName,
    phone,
    locked,
    ...sortRequest(query, CUSTOMER_SORT_FIELDS),
  });
}

/** Creates a customer, or edits one when the draft carries its id. */
export function useSaveCustomer() {
  return useListMutation(
    CUSTOMER_LIST,
    ({ customerId, userName, phone, email, img, password = '', confirmPassword = '' }: CustomerDraft) =>
      customerId
        ? call(updateCustomer, { customerId, userName, phone, email, img })
        : call(addCustomer, { userName, phone, email, img, password, confirmPassword }),
  );
}

/** Lock, unlock, delete and reset password of a customer account. */
export const customerCalls: AccountCalls = {
  lock: (customerId) => call(lockCustomer, { customerId }),
  unlock: (customerId) => call(unlockCustomer, { customerId }),
  remove: (customerId) => call(deleteCustomer, { customerId }),
  resetPassword: (customerId, values) => call(resetCustomerPassword, { customerId, ...values }),
};
