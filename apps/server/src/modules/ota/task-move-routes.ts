import { OTA_CALLS, type OtaGeneration } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { scopedRoute, type CallRoute } from '../../http/call-route.ts';
import { moveTask } from './task-control.ts';
import type { TaskLive } from './task-live.ts';

/** Pause, resume and confirm-rollback of one OTA area's tasks (each gated by the area's tasks button). */
export function taskMoveRoutes(db: Kysely<DB>, live: TaskLive, generation: OtaGeneration): CallRoute[] {
  const calls = OTA_CALLS[generation];
  return [
    scopedRoute(calls.pauseTask, (input, ctx) =>
      moveTask(db, live, ctx.scope, ctx.locale, generation, input.taskId, 'pause'),
    ),
    scopedRoute(calls.resumeTask, (input, ctx) =>
      moveTask(db, live, ctx.scope, ctx.locale, generation, input.taskId, 'resume'),
    ),
    scopedRoute(calls.confirmRollback, (input, ctx) =>
      moveTask(db, live, ctx.scope, ctx.locale, generation, input.taskId, 'confirm'),
    ),
  ];
}
