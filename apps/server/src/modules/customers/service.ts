import type { addCustomer, Customer, updateCustomer } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { foundOrFail } from '../catalog/index.ts';
import { hashTypedPassword, insertAccount, refuseTakenName, ownerForNewRecord } from '../managed-accounts/index.ts';
import { findCustomer, insertCustomer, updateCustomerAccount } from './repo.ts';
import { assertIssuedUpload, type UploadOwner } from '../uploads/index.ts';

/** The rules of end customers: one user account per phone, owned by a dealer of the scope's subtree. */

const customerInScope = (db: Kysely<DB>, scope: DealerScope, customerId: string): Promise<Customer> =>
  foundOrFail(findCustomer(db, scope, customerId));

/** Adds a customer account owned by the scope's company or a dealer of its subtree. */
export async function addScopedCustomer(
  db: Kysely<DB>,
  scope: DealerScope,
  uploader: UploadOwner,
  input: z.output<typeof addCustomer.request>,
): Promise<Customer> {
  const ownerDealerId = await ownerForNewRecord(db, scope, input.ownerDealerId);
  await assertIssuedUpload(db, uploader, input.img);
  const passwordHash = await hashTypedPassword(input.password);
  const userId = await db.transaction().execute(async (trx) => {
    await refuseTakenName(trx, 'user', input.phone, null);
    const id = await insertAccount(trx, {
      identity: 'user',
      userName: input.phone,
      realName: input.userName,
      email: input.email,
      img: input.img,
      passwordHash,
    });
    await insertCustomer(trx, { dealerId: ownerDealerId }, id);
    return id;
  });
  return customerInScope(db, scope, userId);
}

/** Changes a customer of the scope. */
export async function updateScopedCustomer(
  db: Kysely<DB>,
  scope: DealerScope,
  uploader: UploadOwner,
  input: z.output<typeof updateCustomer.request>,
): Promise<Customer> {
  const customer = await customerInScope(db, scope, input.customerId);
  await assertIssuedUpload(db, uploader, input.img, { current: customer.img });
  await db.transaction().execute(async (trx) => {
    await refuseTakenName(trx, 'user', input.phone, customer.customerId);
    await updateCustomerAccount(trx, customer, {
      realName: input.userName,
      phone: input.phone,
      email: input.email,
      img: input.img,
    });
  });
  return customerInScope(db, scope, customer.customerId);
}
