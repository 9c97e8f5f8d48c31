import type { Device, Locale } from '@dcc/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import type { Operator } from '../device-commands/index.ts';
import { updateDevice } from '../device-writer/index.ts';
import { devicesInScope, scopedDevices, selectItem, toDevice } from '../devices/index.ts';
import { projectInScope, type ProjectInScope } from './project-in-scope.ts';
import { assertDevicesChangeable, joiningDevices, leavingDevices, type ProjectDevice } from './rules.ts';

/** The devices of projects: who is in which project, and joining and leaving under the rules of section 5. */

const projectDevices = (db: Kysely<DB>) =>
  db
    .selectFrom('devices as dv')
    .innerJoin('products as p', 'p.id', 'dv.product_id')
    .select(['dv.id', 'dv.device_code', 'dv.project_id', 'p.central_control', 'p.th_sensor']);

type Row = { id: string; device_code: string; project_id: string | null; central_control: boolean; th_sensor: boolean };
const toProjectDevice = (row: Row): ProjectDevice => ({
  id: row.id,
  code: row.device_code,
  projectId: row.project_id,
  controller: row.central_control,
  sensor: row.th_sensor,
});

/** Every device in the project, whoever owns it now (the rules count them all). */
export async function membersOf(db: Kysely<DB>, project: ProjectInScope): Promise<ProjectDevice[]> {
  return (await projectDevices(db).where('dv.project_id', '=', project.id).execute()).map(toProjectDevice);
}

/** The project's devices the scope sees, newest first, as the device list answers them. */
export async function listProjectDevices(
  db: Kysely<DB>,
  scope: DealerScope,
  project: ProjectInScope,
  locale: Locale,
): Promise<Device[]> {
  const rows = await selectItem(scopedDevices(db, scope).where('dv.project_id', '=', project.id))
    .orderBy('dv.created_at', 'desc')
    .orderBy('dv.id', 'desc')
    .execute();
  return rows.map(toDevice(locale));
}

type Membership = 'join' | 'leave';

/**
 * Devices of the scope join or leave a project of the scope, all or none, each logged in its operation log
 * (joinProject, leaveProject) by the device writer. The project's row is locked first, then the devices', so
 * two callers adding controllers to one project, or one device to two projects, are decided one after the other.
 */
export async function changeProjectDevices(
  db: Kysely<DB>,
  scope: DealerScope,
  operator: Operator,
  request: { projectId: string; deviceIds: readonly string[] },
  change: Membership,
  locale: Locale,
): Promise<Device[]> {
  const project = await db.transaction().execute(async (trx) => {
    const found = await projectInScope(trx, scope, request.projectId, { forUpdate: true });
    assertDevicesChangeable(found.checkState, locale);
    const selected = await devicesInScope(trx, scope, request.deviceIds, { forUpdate: true });
    const devices = (
      await projectDevices(trx)
        .where(
          'dv.id',
          'in',
          selected.map((device) => device.id),
        )
        .execute()
    ).map(toProjectDevice);
    const members = await membersOf(trx, found);
    if (change === 'join') await join(trx, found, joiningDevices(found.id, members, devices), operator);
    else {
      leavingDevices(found.id, members, devices);
      await leave(trx, devices, operator);
    }
    return found;
  });
  return listProjectDevices(db, scope, project, locale);
}

async function join(
  trx: Transaction<DB>,
  project: ProjectInScope,
  devices: readonly ProjectDevice[],
  operator: Operator,
) {
  for (const device of devices)
    await updateDevice(
      trx,
      { deviceId: device.id, deviceCode: device.code },
      { project_id: project.id },
      { operator, action: 'joinProject' },
    );
}

/** A device leaving its project no longer awaits that project's audit. */
async function leave(trx: Transaction<DB>, devices: readonly ProjectDevice[], operator: Operator) {
  for (const device of devices)
    await updateDevice(
      trx,
      { deviceId: device.id, deviceCode: device.code },
      { project_id: null, awaiting_audit: false },
      { operator, action: 'leaveProject' },
    );
}

/** The centralized controller of a project the scope sees, or null. */
export async function controllerOf(
  db: Kysely<DB>,
  scope: DealerScope,
  project: ProjectInScope,
  locale: Locale,
): Promise<Device | null> {
  const row = await selectItem(
    scopedDevices(db, scope).where('dv.project_id', '=', project.id).where('p.central_control', '=', true),
  ).executeTakeFirst();
  return row ? toDevice(locale)(row) : null;
}
