import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { OtaGeneration, OtaTaskState } from '@dcc/contract';
import type { DB } from '../../db/schema.ts';
import type { DeviceEvents } from '../../events/device-events.ts';
import type { Moved } from './rollout-step.ts';

/**
 * Tells the console (the device event stream, to readers whose subtree holds the task's owner) that a task or some
 * of its devices changed: one event per moved device, or one for the task alone.
 */
export async function publishTaskChange(
  db: Kysely<DB>,
  events: DeviceEvents,
  taskId: string,
  moved: readonly Moved[],
): Promise<void> {
  const task = await db
    .selectFrom('ota_tasks as t')
    .select([
      't.generation',
      't.dealer_id',
      't.state',
      sql<string>`(select count(*) from ota_task_devices d where d.task_id = t.id)`.as('total'),
      sql<string>`(select count(*) from ota_task_devices d where d.task_id = t.id and d.state in ('succeeded', 'failed', 'timedOut', 'rejected', 'cancelled'))`.as(
        'ended',
      ),
    ])
    .where('t.id', '=', taskId)
    .executeTakeFirst();
  if (!task) return;
  const total = Number(task.total);
  const base = {
    kind: 'otaTask' as const,
    dealerId: task.dealer_id,
    taskId,
    generation: task.generation as OtaGeneration,
    state: task.state as OtaTaskState,
    progress: total === 0 ? 100 : Math.floor((Number(task.ended) * 100) / total),
    at: new Date().toISOString(),
  };
  if (moved.length === 0) events.publish({ ...base, deviceId: null, deviceState: null, reason: null });
  for (const m of moved) events.publish({ ...base, deviceId: m.deviceId, deviceState: m.state, reason: m.reason });
}

/** Tells the console of a device's applied report: its job's task and its new state. */
export async function publishReport(db: Kysely<DB>, events: DeviceEvents, job: string): Promise<void> {
  const row = await db
    .selectFrom('ota_task_devices')
    .select(['task_id', 'device_id', 'state', 'reason'])
    .where('id', '=', job)
    .executeTakeFirst();
  if (row)
    await publishTaskChange(db, events, row.task_id, [
      { deviceId: row.device_id, state: row.state, reason: row.reason },
    ]);
}
