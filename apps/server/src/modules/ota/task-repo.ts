import {
  OPEN_ROLLOUT_STATES,
  paramStatusOf,
  upgradeStatusOf,
  type OtaGeneration,
  type OtaTask,
  type OtaTaskDevice,
  type RolloutState,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern, offsetOf, ownerInSubtree } from '../managed-accounts/index.ts';

/** Tasks of an area under alias `t`, with their owner `tor`. */
const taskRows = (db: Kysely<DB>, generation: OtaGeneration) =>
  db
    .selectFrom('ota_tasks as t')
    .innerJoin('dealers as tor', 'tor.id', 't.dealer_id')
    .where('t.generation', '=', generation);

const OPEN = sql.join(OPEN_ROLLOUT_STATES.map((s) => sql.lit(s)));

/** A task with its per-device counts (one grouped subquery). */
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

type TaskRow = {
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
  page: { pageIndex: number; pageSize: number },
): Promise<{ list: OtaTask[]; totalSize: number }> {
  const base = taskRows(db, generation).where(ownerInSubtree(scope, 'tor'));
  const [rows, count] = await Promise.all([
    base
      .select(TASK_COLUMNS)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(page.pageSize)
      .offset(offsetOf(page.pageIndex, page.pageSize))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toTask), totalSize: Number(count.n) };
}

/** Rows of task devices under alias `td`, with the device `dv` and its owner `od`. */
const deviceRows = (db: Kysely<DB>) =>
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
  const [rows, count] = await Promise.all([
    base
      .select(DEVICE_COLUMNS)
      .orderBy('td.id')
      .limit(query.pageSize)
      .offset(offsetOf(query.pageIndex, query.pageSize))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toTaskDevice), totalSize: Number(count.n) };
}

/** The upgrades of the scope's devices in an area, newest first. */
export async function upgradeRecordPage(
  db: Kysely<DB>,
  scope: DealerScope,
  generation: OtaGeneration,
  query: { pageIndex: number; pageSize: number; deviceCode: string },
) {
  let base = deviceRows(db)
    .innerJoin('ota_tasks as t', 't.id', 'td.task_id')
    .where('t.generation', '=', generation)
    .where(ownerInSubtree(scope, 'od'));
  if (query.deviceCode !== '') base = base.where('dv.device_code', 'ilike', containsPattern(query.deviceCode));
  const [rows, count] = await Promise.all([
    base
      .select([...DEVICE_COLUMNS, 't.id as task_id', 't.firmware_name', 't.rollback'])
      .orderBy('td.id', 'desc')
      .limit(query.pageSize)
      .offset(offsetOf(query.pageIndex, query.pageSize))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      ...toTaskDevice(r),
      taskId: r.task_id,
      firmwareName: r.firmware_name,
      rollback: r.rollback,
    })),
    totalSize: Number(count.n),
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
    return id;
  });
}

/**
 * Cancels a running task of the scope: the task and its open devices become cancelled. Answers the devices that
 * had been notified (told to stop), or null when the task was not running.
 */
export async function cancelTaskRows(
  db: Kysely<DB>,
  taskId: string,
): Promise<Array<{ job: string; deviceId: string; deviceCode: string }> | null> {
  return db.transaction().execute(async (trx) => {
    const task = await trx
      .updateTable('ota_tasks')
      .set({ state: 'cancelled', ended_at: new Date() })
      .where('id', '=', taskId)
      .where('state', '=', 'running')
      .returning('id')
      .executeTakeFirst();
    if (!task) return null;
    const rows = await trx
      .updateTable('ota_task_devices as td')
      .from('devices as dv')
      .set({ state: 'cancelled', finished_at: new Date(), updated_at: new Date() })
      .whereRef('dv.id', '=', 'td.device_id')
      .where('td.task_id', '=', taskId)
      .where('td.state', 'in', [...OPEN_ROLLOUT_STATES])
      .returning(['td.id', 'td.device_id', 'dv.device_code', 'td.notified_at'])
      .execute();
    return rows
      .filter((r) => r.notified_at !== null)
      .map((r) => ({ job: r.id, deviceId: r.device_id, deviceCode: r.device_code }));
  });
}
