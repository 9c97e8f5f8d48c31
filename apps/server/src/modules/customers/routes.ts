import {
  addCustomer,
  deleteCustomer,
  listCustomers,
  lockCustomer,
  resetCustomerPassword,
  unlockCustomer,
  updateCustomer,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { accountActionRoutes } from '../managed-accounts/index.ts';
import { findCustomer, listCustomerPage } from './repo.ts';
import { addScopedCustomer, updateScopedCustomer } from './service.ts';
import { uploaderOf } from '../uploads/index.ts';

/** End customers (customerManage, B138). */
export function customerRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    scopedRoute(listCustomers, (input, ctx) => listCustomerPage(db, ctx.scope, input)),
    scopedRoute(addCustomer, (input, ctx) => addScopedCustomer(db, ctx.scope, uploaderOf(ctx), input)),
    scopedRoute(updateCustomer, (input, ctx) => updateScopedCustomer(db, ctx.scope, uploaderOf(ctx), input)),
    ...accountActionRoutes(
      db,
      { resetPassword: resetCustomerPassword, lock: lockCustomer, unlock: unlockCustomer, remove: deleteCustomer },
      'customerId',
      async (database, scope, id) => {
        const customer = await findCustomer(database, scope, id);
        return customer && { userId: customer.customerId, userName: customer.phone };
      },
    ),
  ];
}
