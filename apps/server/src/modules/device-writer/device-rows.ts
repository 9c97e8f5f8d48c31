import { sql, type Insertable, type Transaction, type UpdateObject } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { DevicesTable } from '../../db/schema-devices.ts';
import { assertProjectsKept } from './project-guard.ts';
import {
  changedFields,
  LOGGED_COLUMN_NAMES,
  logChanges,
  type ChangeLog,
  type LoggedRow,
  type WrittenDevice,
} from './change-log.ts';

/**
 * The one writer of device rows for people's actions (and a device registering itself): each write
 * takes its operation log entry and writes it in the same transaction, with the fields it changed,
 * old and new, as the writer itself read them. Only this folder writes the devices table and its
 * bindings (device-writer.test.ts); the ingest's presence and heartbeat columns have their own
 * writers (ingest/presence/presence-writes.ts, ingest/pipeline/pipeline-write.ts), being what the device reports.
 */

/** The columns a person's action changes; presence columns belong to the ingest. */
export type DeviceEdit = Pick<
  UpdateObject<DB, 'devices'>,
  | 'device_name'
  | 'sn'
  | 'model'
  | 'address'
  | 'province_code'
  | 'city_code'
  | 'dealer_id'
  | 'disabled'
  | 'locked'
  | 'activated_at'
  | 'warranty_until'
  | 'status'
  | 'secret_box'
  | 'version'
  | 'project_id'
  | 'awaiting_audit'
  | 'software_version'
>;

export type DeviceState = Record<(typeof LOGGED_COLUMN_NAMES)[number], unknown> & { version: number };

/** Inserts devices and logs each as created with its fields; answers their ids and IoT codes in the rows' order. */
export async function insertDevices(
  trx: Transaction<DB>,
  rows: ReadonlyArray<Insertable<DevicesTable>>,
  log: ChangeLog,
): Promise<WrittenDevice[]> {
  if (rows.length === 0) return [];
  const inserted = await trx
    .insertInto('devices')
    .values([...rows])
    .returning(['id', 'device_code'])
    .execute();
  const devices = inserted.map((row) => ({ deviceId: row.id, deviceCode: row.device_code }));
  const changes = await changedFields(
    trx,
    rows.map((row) => ({ before: {}, after: row as LoggedRow })),
  );
  await logChanges(
    trx,
    devices.map((device, i) => ({ device, changes: changes[i]! })),
    log,
  );
  return devices;
}

/**
 * Changes a device of the caller's scope and logs the fields that changed. The row is read and locked
 * first; `when` may refuse the write on what it holds (a version moved on, a barcode set meanwhile):
 * then nothing is written or logged and the answer is false.
 */
export async function updateDevice(
  trx: Transaction<DB>,
  device: WrittenDevice,
  edit: DeviceEdit,
  log: ChangeLog,
  when: (before: DeviceState) => boolean = () => true,
): Promise<boolean> {
  const before = await trx
    .selectFrom('devices')
    .select([...LOGGED_COLUMN_NAMES, 'version'])
    .where('id', '=', device.deviceId)
    .forUpdate()
    .executeTakeFirst();
  if (!before || !when(before)) return false;
  await trx
    .updateTable('devices')
    .set({ ...edit, updated_at: new Date() })
    .where('id', '=', device.deviceId)
    .execute();
  if (typeof edit.dealer_id === 'string' && edit.dealer_id !== before.dealer_id)
    await macsFollowDevices(trx, [device.deviceId], edit.dealer_id);
  const [changes] = await changedFields(trx, [{ before, after: edit as LoggedRow }]);
  await logChanges(trx, [{ device, changes: changes! }], log);
  return true;
}

/**
 * Sets each device's software version (the upgrade it reported done) in one statement, its row locked first (in the
 * devices' order: two writers never wait for each other), and logs each as updateDevice would, with its version
 * before. A device gone meanwhile is left out. Answers the devices written.
 */
export async function setSoftwareVersions(
  trx: Transaction<DB>,
  versions: ReadonlyArray<{ device: WrittenDevice; version: string }>,
  log: ChangeLog,
): Promise<WrittenDevice[]> {
  if (versions.length === 0) return [];
  const values = sql.join(versions.map(({ device, version }) => sql`(${device.deviceId}::bigint, ${version}::text)`));
  const { rows } = await sql<{ id: string; device_code: string; before: string }>`
    with v (id, version) as (values ${values}),
    locked as materialized (select d.id, d.software_version from devices d where d.id in (select id from v)
      order by d.id for update)
    update devices d set software_version = v.version, updated_at = ${new Date()}
    from v join locked l on l.id = v.id
    where d.id = v.id
    returning d.id::text as id, d.device_code, l.software_version as before`.execute(trx);
  const versionOf = new Map(versions.map(({ device, version }) => [device.deviceId, version]));
  const pairs = rows.map((row) => ({
    before: { software_version: row.before },
    after: { software_version: versionOf.get(row.id) },
  }));
  const changes = await changedFields(trx, pairs);
  const devices = rows.map((row) => ({ deviceId: row.id, deviceCode: row.device_code }));
  await logChanges(
    trx,
    devices.map((device, i) => ({ device, changes: changes[i]! })),
    log,
  );
  return devices;
}

/** Changes several devices alike (a move), each logged with its own old values. */
export async function updateDevices(
  trx: Transaction<DB>,
  devices: readonly WrittenDevice[],
  edit: DeviceEdit,
  log: ChangeLog,
): Promise<void> {
  for (const device of devices) await updateDevice(trx, device, edit, log);
}

/**
 * Gives every device one dealer owns to another (a dealer's hand-over) in one statement; each device gets
 * its own log entry with the owner before and after. Answers the devices moved.
 */
export async function moveDealerDevices(
  trx: Transaction<DB>,
  fromDealerId: string,
  toDealerId: string,
  log: ChangeLog,
): Promise<WrittenDevice[]> {
  const moved = await trx
    .updateTable('devices')
    .set({ dealer_id: toDealerId, updated_at: new Date() })
    .where('dealer_id', '=', fromDealerId)
    .returning(['id', 'device_code'])
    .execute();
  if (moved.length === 0) return [];
  const devices = moved.map((row) => ({ deviceId: row.id, deviceCode: row.device_code }));
  await macsFollowDevices(
    trx,
    devices.map((device) => device.deviceId),
    toDealerId,
  );
  const [changes] = await changedFields(trx, [
    { before: { dealer_id: fromDealerId }, after: { dealer_id: toDealerId } },
  ]);
  await logChanges(
    trx,
    devices.map((device) => ({ device, changes: changes! })),
    log,
  );
  return devices;
}

/** Deletes devices of the caller's scope; each one's log (kept: migration 036) ends with its deletion. */
export async function deleteDevices(
  trx: Transaction<DB>,
  devices: readonly WrittenDevice[],
  log: ChangeLog,
): Promise<void> {
  if (devices.length === 0) return;
  await assertProjectsKept(
    trx,
    devices.map((device) => device.deviceId),
  );
  await logChanges(
    trx,
    devices.map((device) => ({ device, changes: [] })),
    log,
  );
  await trx
    .deleteFrom('devices')
    .where(
      'id',
      'in',
      devices.map((device) => device.deviceId),
    )
    .execute();
}

/**
 * A device given to another dealer keeps its MAC, and the MAC stays inside its owner's reach: when the
 * new owner lies outside the MAC owner's subtree (a move or hand-over to another branch), the MAC's owner
 * becomes the device's new owner. A move within the MAC owner's subtree leaves it where it is. Every
 * change of a device's owner (updateDevice, moveDealerDevices) runs this in its transaction; the owner change it
 * follows is the logged one (the MAC's owner is not a logged field).
 */
async function macsFollowDevices(
  trx: Transaction<DB>,
  deviceIds: readonly string[],
  toDealerId: string,
): Promise<void> {
  if (deviceIds.length === 0) return;
  await trx
    .updateTable('device_macs as m')
    .set({ owner_dealer_id: toDealerId, updated_at: new Date() })
    .where('m.device_id', 'in', deviceIds)
    .where(
      sql<boolean>`not exists (
        select 1 from dealers owner join dealers target on target.id = ${toDealerId}
        where owner.id = m.owner_dealer_id and target.path like owner.path || '%')`,
    )
    .execute();
}
