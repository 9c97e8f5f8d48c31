import {
  ErrorCode, addCustomer, deleteCustomer, listCustomers, lockCustomer, resetCustomerPassword, unlockCustomer, updateCustomer, type Customer,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, type CallRoute } from '../../http/call-route.ts';
import { hashTypedPassword, insertAccount, refuseTakenName, type ScopedAccount } from '../managed-accounts/accounts.ts';
import { accountActionRoutes } from '../managed-accounts/action-routes.ts';
import { ownerForNewRecord, peopleScopeOf } from '../managed-accounts/scope.ts';
import { assertIssuedUpload, uploaderOf } from '../uploads/issued.ts';
import { findCustomer, listCustomerPage } from './repo.ts';

async function customerInScope(db: Kysely<DB>, scope: DealerScope, customerId: string): Promise<Customer> {
  const found = await findCustomer(db, scope, customerId);
  if (!found) fail(ErrorCode.NOT_FOUND);
  return found;
}

const accountOf = (customer: Customer): ScopedAccount => ({ userId: customer.customerId, userName: customer.phone });

/** End customers (customerManage, B138). */
export function customerRoutes(db: Kysely<DB>): CallRoute[] {
  return [
    route(listCustomers, (input, ctx) => listCustomerPage(db, peopleScopeOf(ctx), input)),
    route(addCustomer, async (input, ctx) => {
      const scope = peopleScopeOf(ctx);
      const ownerDealerId = await ownerForNewRecord(db, scope, input.ownerDealerId);
      await assertIssuedUpload(db, uploaderOf(ctx), input.img);
      const passwordHash = await hashTypedPassword(input.password);
      const userId = await db.transaction().execute(async (trx) => {
        await refuseTakenName(trx, 'user', input.phone, null);
        const id = await insertAccount(trx, { identity: 'user', userName: input.phone, realName: input.userName, email: input.email, img: input.img, passwordHash });
        await trx.insertInto('customers').values({ user_id: id, owner_dealer_id: ownerDealerId }).execute();
        return id;
      });
      return customerInScope(db, scope, userId);
    }),
    route(updateCustomer, async (input, ctx) => {
      const scope = peopleScopeOf(ctx);
      const customer = await customerInScope(db, scope, input.customerId);
      await assertIssuedUpload(db, uploaderOf(ctx), input.img, { current: customer.img });
      await db.transaction().execute(async (trx) => {
        await refuseTakenName(trx, 'user', input.phone, customer.customerId);
        await trx
          .updateTable('users')
          .set({ real_name: input.userName, user_name: input.phone, email: input.email, img: input.img })
          .where('id', '=', customer.customerId)
          .execute();
      });
      return customerInScope(db, scope, customer.customerId);
    }),
    ...accountActionRoutes(
      db,
      { resetPassword: resetCustomerPassword, lock: lockCustomer, unlock: unlockCustomer, remove: deleteCustomer },
      'customerId',
      async (database, scope, id) => {
        const customer = await findCustomer(database, scope, id);
        return customer && accountOf(customer);
      },
    ),
  ];
}
