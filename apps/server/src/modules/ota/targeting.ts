import { OPEN_ROLLOUT_STATES } from '@dcc/contract';
import type { OtaTaskFilter } from '../../db/schema-ota.ts';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../managed-accounts/index.ts';
import type { Moved } from './rollout-step.ts';

/** Most devices one step adds to a continuously targeted task. */
const ADDED_PER_STEP = 1000;

/**
 * Continuous targeting: activated devices of the task's product in its owner's subtree that match its filter, run
 * another version and are in no open upgrade join the task (queued) until its end time: devices activated, moved
 * into the subtree or changed to match after the task was created.
 */
export async function targetNewDevices(
  trx: Transaction<DB>,
  task: { id: string; dealer_id: string; product_id: string | null; firmware_version: string; filter: unknown },
): Promise<Moved[]> {
  const filter = task.filter as OtaTaskFilter;
  const code = filter.deviceCode === '' ? null : containsPattern(filter.deviceCode);
  const version = filter.softwareVersion === '' ? null : filter.softwareVersion;
  const { rows } = await sql<{ device_id: string }>`
    insert into ota_task_devices (task_id, device_id, from_version, to_version, updated_at)
    select ${task.id}, dv.id, dv.software_version, ${task.firmware_version}, now()
    from devices dv join dealers od on od.id = dv.dealer_id, dealers o
    where o.id = ${task.dealer_id} and od.path like o.path || '%' and dv.product_id = ${task.product_id}
      and dv.status <> 'UNACTIVE' and dv.software_version <> ${task.firmware_version}
      and (${code}::text is null or dv.device_code ilike ${code})
      and (${version}::text is null or dv.software_version = ${version})
      and not exists (select 1 from ota_task_devices t where t.task_id = ${task.id} and t.device_id = dv.id)
      and not exists (
        select 1 from ota_task_devices t where t.device_id = dv.id
          and t.state in (${sql.join(OPEN_ROLLOUT_STATES.map((s) => sql.lit(s)))})
      )
    order by dv.id limit ${ADDED_PER_STEP}
    on conflict do nothing
    returning device_id`.execute(trx);
  return rows.map((r) => ({ deviceId: r.device_id, state: 'queued' as const, reason: null }));
}
