import {
  CANCELLABLE_TASK_STATES,
  OPEN_ROLLOUT_STATES,
  paramStatusOf,
  upgradeStatusOf,
  type OtaGeneration,
  type ParamStatus,
  type UpgradeStatus,
  type OtaTask,
  type OtaTaskDevice,
  type RolloutState,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern, ownerInSubtree } from '../managed-accounts/index.ts';
import type { Operator } from '../device-commands/index.ts';
import { pageWithTotal } from '../../db/page.ts';
import { cancelAndLog, logEnds, logJoins } from './device-log.ts';
import { PARAM_STATUS_SQL, UPGRADE_STATUS_SQL } from './status-sql.ts';
import type { policyColumns } from './policy.ts';
import { POLICY_COLUMNS, policyOf, type PolicyRow } from './policy.ts';

/** Tasks of an area under alias `t`, with their owner `tor`. */
const taskRows = (db: Kysely<DB>, generation: OtaGeneration) =>
  db
    .selectFrom('ota_tasks as t')
    .innerJoin('dealers as tor', 'tor.id', 't.dealer_id')
    .where('t.generation', '=', generation);

const OPEN = sql.join(OPEN_ROLLOUT_STATES.map((s) => sql.lit(s)));

/** A task with its rollout policy (policy.ts), and its per-device counts. */
const TASK_COLUMNS = [
  't.id',
  't.firmware_id',
  't.firmware_name',
  't.firmware_version',
  't.rollback',
  't.state',
  't.rate_per_minute',
  't.max_downloading',
  't.timeout_minutes',
  't.created_at',
  't.ended_at',
  ...POLICY_COLUMNS,
  sql<string>`(select count(*) from ota_task_devices d where d.task_id = t.id)`.as('total'),
  sql<string>`(select count(*) from ota_task_devices d where d.task_id = t.id and d.state = 'succeeded')`.as(
    'succeeded',
  ),
  sql<string>`(select count(*) from ota_task_devices d where d.task_id = t.id and d.state in ('failed', 'timedOut', 'rejected'))`.as(
    'failed',
  ),
  sql<string>`(select count(*) from ota_task_devices d where d.task_id = t.id and d.state in (${OPEN}))`.as('open'),
  sql<string>`(select count(*) from ota_task_devices d where d.task_id = t.id and d.state = 'cancelled')`.as(
    'cancelled',
  ),
] as const;

type TaskRow = PolicyRow & {
  id: string;
  firmware_id: string | null;
  firmware_name: string;
  firmware_version: string;
  rollback: boolean;
  state: OtaTask['state'];
  rate_per_minute: number;
  max_downloading: number;
  timeout_minutes: number;
  created_at: Date;
  ended_at: Date | null;
  total: string;
  succeeded: string;
  failed: string;
  open: string;
  cancelled: string;
};

function toTask(r: TaskRow): OtaTask {
  const counts = {
    total: Number(r.total),
    succeeded: Number(r.succeeded),
    failed: Number(r.failed),
    open: Number(r.open),
    cancelled: Number(r.cancelled),
  };
  return {
    taskId: r.id,
    firmwareId: r.firmware_id,
    firmwareName: r.firmware_name,
    version: r.firmware_version,
    rollback: r.rollback,
    state: r.state,
    ratePerMinute: r.rate_per_minute,
    maxDownloading: r.max_downloading,
    timeoutMinutes: r.timeout_minutes,
    progress: counts.total === 0 ? 100 : Math.floor(((counts.total - counts.open) * 100) / counts.total),
    counts,
    createTime: r.created_at.toISOString(),
    endTime: r.ended_at?.toISOString() ?? null,
    ...policyOf(r),
  };
}

/** A task of the scope's subtree, or undefined. */
export async function taskInScope(
  db: Kysely<DB>,
  scope: DealerScope,
  generation: OtaGeneration,
  taskId: string,
): Promise<OtaTask | undefined> {
  const row = await taskRows(db, generation)
    .select(TASK_COLUMNS)
    .where('t.id', '=', taskId)
    .where(ownerInSubtree(scope, 'tor'))
    .executeTakeFirst();
  return row && toTask(row);
}

export async function taskPage(
  db: Kysely<DB>,
  scope: DealerScope,
  generation: OtaGeneration,
  page: { pageIndex: number; pageSize: number; firmwareName?: string; state?: OtaTask['state'] | '' },
): Promise<{ list: OtaTask[]; totalSize: number }> {
  let base = taskRows(db, generation).where(ownerInSubtree(scope, 'tor'));
  if (page.firmwareName) base = base.where('t.firmware_name', 'ilike', containsPattern(page.firmwareName));
  if (page.state) base = base.where('t.state', '=', page.state);
  const { rows, totalSize } = await pageWithTotal(
    base,
    (filtered) => filtered.select(TASK_COLUMNS).orderBy('t.created_at', 'desc').orderBy('t.id', 'desc'),
    page,
  );
  return { list: rows.map(toTask), totalSize };
}

/** Rows of task devices under alias `td`, with the device `dv` and its owner `od`. */
export const deviceRows = (db: Kysely<DB>) =>
  db
    .selectFrom('ota_task_devices as td')
    .innerJoin('devices as dv', 'dv.id', 'td.device_id')
    .innerJoin('dealers as od', 'od.id', 'dv.dealer_id');

const DEVICE_COLUMNS = [
  'td.device_id',
  'dv.device_code',
  'dv.device_name',
  'td.state',
  'td.reason',
  'td.percent',
  'td.from_version',
  'td.to_version',
  'td.notified_at',
  'td.downloaded_at',
  'td.updated_at',
] as const;

type DeviceRow = {
  device_id: string;
  device_code: string;
  device_name: string;
  state: RolloutState;
  reason: string | null;
  percent: number;
  from_version: string;
  to_version: string;
  notified_at: Date | null;
  downloaded_at: Date | null;
  updated_at: Date;
};

function toTaskDevice(r: DeviceRow): OtaTaskDevice {
  const reach = r.downloaded_at ? 'downloaded' : r.notified_at ? 'notified' : 'none';
  return {
    deviceId: r.device_id,
    deviceCode: r.device_code,
    deviceName: r.device_name,
    state: r.state,
    reason: r.reason,
    upgradeStatus: upgradeStatusOf(r.state, r.reason),
    paramStatus: paramStatusOf(r.state, r.reason, reach),
    percent: r.percent,
    fromVersion: r.from_version,
    toVersion: r.to_version,
    updateTime: r.updated_at.toISOString(),
  };
}

/** A page of a task's devices (the task was found in scope), optionally in one state. */
export async function taskDevicePage(
  db: Kysely<DB>,
  taskId: string,
  query: { pageIndex: number; pageSize: number; state: RolloutState | '' },
): Promise<{ list: OtaTaskDevice[]; totalSize: number }> {
  let base = deviceRows(db).where('td.task_id', '=', taskId);
  if (query.state !== '') base = base.where('td.state', '=', query.state);
  const { rows, totalSize } = await pageWithTotal(
    base,
    (filtered) => filtered.select(DEVICE_COLUMNS).orderBy('td.id'),
    query,
  );
  return { list: rows.map(toTaskDevice), totalSize };
}

/** The upgrades of the scope's devices in an area, newest first. */
export async function upgradeRecordPage(
  db: Kysely<DB>,
  scope: DealerScope,
  generation: OtaGeneration,
  query: {
    pageIndex: number;
    pageSize: number;
    deviceCode: string;
    upgradeStatus: UpgradeStatus | '';
    paramStatus: ParamStatus | '';
  },
) {
  let base = deviceRows(db)
    .innerJoin('ota_tasks as t', 't.id', 'td.task_id')
    .where('t.generation', '=', generation)
    .where(ownerInSubtree(scope, 'od'));
  if (query.deviceCode !== '') base = base.where('dv.device_code', 'ilike', containsPattern(query.deviceCode));
  if (query.upgradeStatus !== '') base = base.where(UPGRADE_STATUS_SQL, '=', query.upgradeStatus);
  if (query.paramStatus !== '') base = base.where(PARAM_STATUS_SQL, '=', query.paramStatus);
  const { rows, totalSize } = await pageWithTotal(
    base,
    (filtered) =>
      filtered.select([...DEVICE_COLUMNS, 't.id as task_id', 't.firmware_name', 't.rollback']).orderBy('td.id', 'desc'),
    query,
  );
  return {
    list: rows.map((r) => ({
      ...toTaskDevice(r),
      taskId: r.task_id,
      firmwareName: r.firmware_name,
      rollback: r.rollback,
    })),
    totalSize,
  };
}

/** Of these devices, the IoT codes of those already in an open upgrade. */
export async function busyDevices(db: Kysely<DB>, deviceIds: readonly string[]): Promise<string[]> {
  if (deviceIds.length === 0) return [];
  const rows = await deviceRows(db)
    .select('dv.device_code')
    .where('td.device_id', 'in', [...deviceIds])
    .where('td.state', 'in', [...OPEN_ROLLOUT_STATES])
    .execute();
  return rows.map((r) => r.device_code);
}

export interface NewTask {
  generation: OtaGeneration;
  firmwareId: string;
  firmwareName: string;
  version: string;
  rollback: boolean;
  ratePerMinute: number;
  maxDownloading: number;
  timeoutMinutes: number;
  createdBy: string;
  devices: ReadonlyArray<{ id: string; version: string; connected: boolean }>;
  /** The rollout policy's columns (policy.ts policyColumns). */
  policy: ReturnType<typeof policyColumns>;
}

/** Inserts a task of the scope's company with one row per device: queued, or deferred ('offline') for one not connected. */
export async function insertTask(db: Kysely<DB>, scope: DealerScope, task: NewTask): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('ota_tasks')
      .values({
        generation: task.generation,
        dealer_id: scope.dealerId,
        firmware_id: task.firmwareId,
        firmware_name: task.firmwareName,
        firmware_version: task.version,
        rollback: task.rollback,
        rate_per_minute: task.ratePerMinute,
        max_downloading: task.maxDownloading,
        timeout_minutes: task.timeoutMinutes,
        created_by: task.createdBy,
        ...task.policy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let k = 0; k < task.devices.length; k += 1000) {
      await trx
        .insertInto('ota_task_devices')
        .values(
          task.devices.slice(k, k + 1000).map((d) => ({
            task_id: id,
            device_id: d.id,
            ...(d.connected ? {} : { state: 'deferred' as const, reason: 'offline' }),
            from_version: d.version,
            to_version: task.version,
            updated_at: new Date(),
          })),
        )
        .execute();
    }
    // The devices' joining is in their operation log with the task itself (the step logs only later joins).
    await logJoins(trx, id);
    return id;
  });
}

/**
 * Cancels a running task of the scope for a person: the task and its open devices become cancelled, each in the
 * device's operation log (device-log.ts, after the joins and ends not logged yet). Answers the devices that had
 * been notified (told to stop), or null when the task was not running.
 */
export async function cancelTaskRows(
  db: Kysely<DB>,
  taskId: string,
  operator: Operator,
): Promise<Array<{ job: string; deviceId: string; deviceCode: string }> | null> {
  return db.transaction().execute(async (trx) => {
    // The time once the task's row is ours: a step that held it logged its entries before this cancel's.
    const task = await trx
      .updateTable('ota_tasks')
      .set({ state: 'cancelled', ended_at: sql<Date>`clock_timestamp()` })
      .where('id', '=', taskId)
      .where('state', 'in', [...CANCELLABLE_TASK_STATES])
      .returning(['id', 'ended_at'])
      .executeTakeFirst();
    if (!task) return null;
    const at = task.ended_at ?? new Date();
    await logJoins(trx, taskId, at);
    await logEnds(trx, taskId, 0);
    const rows = await cancelAndLog(trx, taskId, operator, at);
    return rows.filter((r) => r.notified).map(({ job, deviceId, deviceCode }) => ({ job, deviceId, deviceCode }));
  });
}
