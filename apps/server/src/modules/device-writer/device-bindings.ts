import type { MacState } from '@dcc/contract';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SnBindingSource } from '../../db/schema-device-binding.ts';
import { nextVersion } from '../../db/record-version.ts';
import { logChanges, type ChangeLog, type WrittenDevice } from './change-log.ts';
import { updateDevice } from './device-rows.ts';

/** The bindings of a device (its customer, barcode, MAC, gateway), each change logged on the device in the same transaction (see device-rows.ts). */

const personName = (userId: string) =>
  sql<string>`(select coalesce(nullif(real_name, ''), user_name) from users where id = ${userId})`;

/** Allocates a device to a customer of the scope, or takes it back (null); logs the customer before and after by name. */
export async function setDeviceCustomer(
  trx: Transaction<DB>,
  device: WrittenDevice,
  customerId: string | null,
  log: ChangeLog,
): Promise<void> {
  const before = await trx
    .selectFrom('device_customers as dc')
    .innerJoin('users as u', 'u.id', 'dc.customer_id')
    .select(['dc.customer_id', sql<string>`coalesce(nullif(u.real_name, ''), u.user_name)`.as('name')])
    .where('dc.device_id', '=', device.deviceId)
    .forUpdate('dc')
    .executeTakeFirst();
  if (customerId === null) await trx.deleteFrom('device_customers').where('device_id', '=', device.deviceId).execute();
  else {
    await trx
      .insertInto('device_customers')
      .values({ device_id: device.deviceId, customer_id: customerId, allocated_at: new Date() })
      .onConflict((c) => c.column('device_id').doUpdateSet({ customer_id: customerId, allocated_at: new Date() }))
      .execute();
  }
  const after =
    customerId === null
      ? null
      : (await trx.selectFrom('users').select(personName(customerId).as('name')).executeTakeFirstOrThrow()).name;
  await logChanges(trx, [{ device, changes: [{ field: 'customer', from: before?.name ?? null, to: after }] }], log);
}

/** Takes back every device allocated to a customer whose account goes (the foreign key's cascade would do it unlogged), each logged. */
export async function releaseCustomerDevices(trx: Transaction<DB>, customerId: string, log: ChangeLog): Promise<void> {
  const held = await trx
    .selectFrom('device_customers as dc')
    .innerJoin('devices as dv', 'dv.id', 'dc.device_id')
    .innerJoin('users as u', 'u.id', 'dc.customer_id')
    .select(['dv.id', 'dv.device_code', sql<string>`coalesce(nullif(u.real_name, ''), u.user_name)`.as('name')])
    .where('dc.customer_id', '=', customerId)
    .forUpdate('dc')
    .execute();
  if (held.length === 0) return;
  await trx.deleteFrom('device_customers').where('customer_id', '=', customerId).execute();
  await logChanges(
    trx,
    held.map((row) => ({
      device: { deviceId: row.id, deviceCode: row.device_code },
      changes: [{ field: 'customer' as const, from: row.name, to: null }],
    })),
    log,
  );
}

/** Who binds a barcode, as recorded with the binding. */
export interface Binder {
  userId: string;
  source: SnBindingSource;
}

/** Sets the barcode of a device that had none and records who bound it; false (nothing written) when it got one meanwhile. */
export async function bindDeviceSn(
  trx: Transaction<DB>,
  device: WrittenDevice,
  sn: string,
  binder: Binder,
  log: ChangeLog,
): Promise<boolean> {
  if (!(await updateDevice(trx, device, { sn, ...nextVersion }, log, (before) => before.sn === ''))) return false;
  const name = personName(binder.userId);
  await trx
    .insertInto('device_sn_bindings')
    .values({ device_id: device.deviceId, bound_by: binder.userId, bound_by_name: name, source: binder.source })
    .onConflict((oc) =>
      oc
        .column('device_id')
        .doUpdateSet({ bound_by: binder.userId, bound_by_name: name, source: binder.source, bound_at: new Date() }),
    )
    .execute();
  return true;
}

/** Clears the barcode of a device and its binding record; false (nothing written) when it had none. */
export async function unbindDeviceSn(trx: Transaction<DB>, device: WrittenDevice, log: ChangeLog): Promise<boolean> {
  if (!(await updateDevice(trx, device, { sn: '', ...nextVersion }, log, (before) => before.sn !== ''))) return false;
  await trx.deleteFrom('device_sn_bindings').where('device_id', '=', device.deviceId).execute();
  return true;
}

/** A MAC found in the caller's scope, as the writer moves it. */
export interface MacMove {
  macId: string;
  mac: string;
  from: readonly MacState[];
  to: MacState;
}

/**
 * Moves a MAC from one of `from` to `to` for `device` (the one it goes to, or the one it held); false
 * (nothing written) when its state moved on meanwhile. Logs the device's MAC before and after.
 */
export async function moveDeviceMac(
  trx: Transaction<DB>,
  move: MacMove,
  device: WrittenDevice,
  log: ChangeLog,
): Promise<boolean> {
  const now = new Date();
  const stamps =
    move.to === 'occupied'
      ? { occupied_at: now, succeeded_at: null }
      : move.to === 'succeeded'
        ? { succeeded_at: now }
        : { occupied_at: null, succeeded_at: null };
  const updated = await trx
    .updateTable('device_macs')
    .set({
      state: move.to,
      device_id: move.to === 'undistributed' ? null : device.deviceId,
      updated_at: now,
      ...stamps,
    })
    .where('id', '=', move.macId)
    .where('state', 'in', move.from)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return false;
  const [from, to] = [
    move.from.includes('undistributed') ? null : move.mac,
    move.to === 'undistributed' ? null : move.mac,
  ];
  await logChanges(trx, [{ device, changes: from === to ? [] : [{ field: 'mac', from, to }] }], {
    ...log,
    summary: log.summary ?? (from === to ? move.mac : ''),
  });
  return true;
}

/** Puts a child under a gateway; false (nothing written) when the child got a gateway meanwhile. Logged on the child. */
export async function linkChild(
  trx: Transaction<DB>,
  gateway: WrittenDevice,
  child: WrittenDevice,
  log: ChangeLog,
): Promise<boolean> {
  const row = await trx
    .insertInto('device_topology')
    .values({ gateway_device_id: gateway.deviceId, child_device_id: child.deviceId })
    .onConflict((conflict) => conflict.column('child_device_id').doNothing())
    .returning('child_device_id')
    .executeTakeFirst();
  if (row === undefined) return false;
  await logChanges(trx, [{ device: child, changes: [{ field: 'gateway', from: null, to: gateway.deviceCode }] }], log);
  return true;
}

/** Takes a child from its gateway; false (nothing written) when it was not under it. Logged on the child. */
export async function unlinkChild(
  trx: Transaction<DB>,
  gateway: WrittenDevice,
  child: WrittenDevice,
  log: ChangeLog,
): Promise<boolean> {
  const rows = await trx
    .deleteFrom('device_topology')
    .where('gateway_device_id', '=', gateway.deviceId)
    .where('child_device_id', '=', child.deviceId)
    .execute();
  if (!rows.some((result) => result.numDeletedRows > 0n)) return false;
  await logChanges(trx, [{ device: child, changes: [{ field: 'gateway', from: gateway.deviceCode, to: null }] }], log);
  return true;
}
