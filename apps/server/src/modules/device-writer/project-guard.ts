import { ErrorCode, ProjectCheckState } from '@dcc/contract';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';

/**
 * A delete leaves no project in a state its own calls refuse (spec section 5): every way of deleting devices
 * (one, a selection) goes through deleteDevices, which checks this first, in its transaction.
 * - A device of a project whose audit is pending stays (PROJECT_DEVICE_DELETE_PENDING): what is audited
 *   stays as submitted, as removing it from the project is refused then.
 * - A project's centralized controller goes only with or after the project's temperature/humidity sensors
 *   (PROJECT_CONTROLLER_DELETE, with their count), as removing it from the project is refused otherwise.
 */
export async function assertProjectsKept(trx: Transaction<DB>, deviceIds: readonly string[]): Promise<void> {
  const rows = await trx
    .selectFrom('devices as dv')
    .innerJoin('projects as pr', 'pr.id', 'dv.project_id')
    .innerJoin('products as p', 'p.id', 'dv.product_id')
    .where('dv.id', 'in', deviceIds)
    .select((eb) => [
      'dv.device_code',
      'pr.name',
      'pr.check_state',
      'p.central_control',
      eb
        .selectFrom('devices as s')
        .innerJoin('products as sp', 'sp.id', 's.product_id')
        .whereRef('s.project_id', '=', 'dv.project_id')
        .where('sp.th_sensor', '=', true)
        .where('s.id', 'not in', deviceIds)
        .select(sql<string>`count(*)`.as('n'))
        .as('sensors_left'),
    ])
    .orderBy('dv.device_code')
    .execute();
  const pending = rows.filter((row) => row.check_state === ProjectCheckState.PENDING);
  if (pending.length > 0)
    fail(ErrorCode.PROJECT_DEVICE_DELETE_PENDING, {
      devices: pending.map((row) => row.device_code).join(', '),
      project: pending[0]!.name,
    });
  const controller = rows.find((row) => row.central_control && Number(row.sensors_left) > 0);
  if (controller)
    fail(ErrorCode.PROJECT_CONTROLLER_DELETE, {
      devices: controller.device_code,
      project: controller.name,
      count: Number(controller.sensors_left),
    });
}
