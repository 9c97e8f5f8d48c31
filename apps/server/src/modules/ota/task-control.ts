import { ErrorCode, translate, type Locale, type OtaGeneration, type OtaTask, type OtaTaskState } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { taskInScope } from './task-repo.ts';
import { findTask } from './task-service.ts';
import type { TaskLive } from './task-live.ts';

/** What a person may do to a task, from which state to which. */
const MOVES = {
  pause: { from: 'running', to: 'paused' },
  resume: { from: 'paused', to: 'running' },
  confirm: { from: 'awaitingConfirmation', to: 'running' },
} as const satisfies Record<string, { from: OtaTaskState; to: OtaTaskState }>;
export type TaskMove = keyof typeof MOVES;

/**
 * Pauses a running task, resumes a paused one (one its health gate paused goes on to its next wave: a person
 * judged the health), or confirms a rollback draft; a task of another branch answers NOT_FOUND, one in another
 * state OTA_TASK_STATE_WRONG with its state in the reader's language.
 */
export async function moveTask(
  db: Kysely<DB>,
  live: TaskLive,
  scope: DealerScope,
  locale: Locale,
  generation: OtaGeneration,
  taskId: string,
  move: TaskMove,
): Promise<OtaTask> {
  const task = await findTask(db, scope, generation, taskId);
  const { from, to } = MOVES[move];
  const healthPaused = move === 'resume' && task.pauseReason === 'healthGate';
  const moved = await db
    .updateTable('ota_tasks')
    .set({
      state: to,
      pause_reason: move === 'pause' ? 'manual' : null,
      ...(healthPaused ? { wave_index: Math.min(task.waveIndex + 1, task.waves.length - 1), wave_ended_at: null } : {}),
    })
    .where('id', '=', task.taskId)
    .where('state', '=', from)
    .returning('id')
    .executeTakeFirst();
  if (!moved) fail(ErrorCode.OTA_TASK_STATE_WRONG, { state: translate(locale, `otaTasks.state.${task.state}`) });
  await live.task(task.taskId);
  return (await taskInScope(db, scope, generation, task.taskId))!;
}
