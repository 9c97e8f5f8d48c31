import type { DeviceCustomer } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { findCustomer } from '../customers/index.ts';
import { foundOrFail } from '../catalog/index.ts';
import type { Operator } from '../device-commands/index.ts';
import { setDeviceCustomer } from '../device-writer/index.ts';
import { deviceInScope, writtenDevice, type DeviceInScope } from './device-in-scope.ts';

/** The customer a device is allocated to, as the scope may see it (a customer outside the scope is not named). */
async function allocatedCustomer(
  db: Kysely<DB>,
  scope: DealerScope,
  device: DeviceInScope,
): Promise<DeviceCustomer | null> {
  const row = await db
    .selectFrom('device_customers')
    .select(['customer_id', 'allocated_at'])
    .where('device_id', '=', device.id)
    .executeTakeFirst();
  if (!row) return null;
  const customer = await findCustomer(db, scope, row.customer_id);
  return customer
    ? {
        customerId: customer.customerId,
        userName: customer.userName,
        phone: customer.phone,
        allocatedAt: row.allocated_at.toISOString(),
      }
    : null;
}

/** getDeviceCustomer: a device of the scope (NOT_FOUND otherwise) and its customer. */
export async function deviceCustomerOf(
  db: Kysely<DB>,
  scope: DealerScope,
  deviceId: string,
): Promise<{ customer: DeviceCustomer | null }> {
  const device = await deviceInScope(db, scope, { id: deviceId });
  return { customer: await allocatedCustomer(db, scope, device) };
}

/**
 * allocateDeviceCustomer: gives a device of the scope to a customer of the scope (either missing or
 * foreign: NOT_FOUND, nothing changes), replacing an earlier allocation; '' takes it back.
 */
export async function allocateCustomer(
  db: Kysely<DB>,
  scope: DealerScope,
  operator: Operator,
  input: { deviceId: string; customerId: string },
): Promise<{ customer: DeviceCustomer | null }> {
  const device = await deviceInScope(db, scope, { id: input.deviceId });
  const customerId =
    input.customerId === '' ? null : (await foundOrFail(findCustomer(db, scope, input.customerId))).customerId;
  await db.transaction().execute((trx) =>
    setDeviceCustomer(trx, writtenDevice(device), customerId, {
      operator,
      action: 'allocateCustomer',
    }),
  );
  return { customer: customerId === null ? null : await allocatedCustomer(db, scope, device) };
}
