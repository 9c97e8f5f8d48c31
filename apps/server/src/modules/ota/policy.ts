import type { OtaHealth, OtaPauseReason, OtaTask } from '@dcc/contract';
import { sql } from 'kysely';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { OtaTaskFilter } from '../../db/schema-ota.ts';
import { clockOfMinute, minuteOfClock } from './preconditions.ts';

/** The rules of a task's rollout (alias `t`): what the task lists show and the rollout's step applies. */
export const RULE_COLUMNS = [
  't.waves',
  't.wave_index',
  't.health_gate',
  't.soak_seconds',
  't.health_margin',
  't.abort_percent',
  't.abort_min_devices',
  't.retry_seconds',
  't.window_start',
  't.window_end',
  't.end_at',
] as const;

/** A task's rollout policy as the task lists read it (alias `t`), with the id of the rollback drafted of it. */
export const POLICY_COLUMNS = [
  ...RULE_COLUMNS,
  't.pause_reason',
  't.health',
  't.source_task_id',
  sql<string | null>`(select max(r.id) from ota_tasks r where r.source_task_id = t.id)`.as('rollback_task_id'),
] as const;

/** The row of RULE_COLUMNS. */
export type RuleRow = Pick<
  PolicyRow,
  | 'waves'
  | 'wave_index'
  | 'health_gate'
  | 'soak_seconds'
  | 'health_margin'
  | 'abort_percent'
  | 'abort_min_devices'
  | 'retry_seconds'
  | 'window_start'
  | 'window_end'
  | 'end_at'
>;

export type PolicyRow = {
  waves: number[];
  wave_index: number;
  health_gate: boolean;
  soak_seconds: number;
  health_margin: number;
  abort_percent: number;
  abort_min_devices: number;
  retry_seconds: number[];
  window_start: number;
  window_end: number;
  end_at: Date | null;
  pause_reason: OtaPauseReason | null;
  health: OtaHealth | null;
  source_task_id: string | null;
  rollback_task_id: string | null;
};

type Policy = Pick<
  OtaTask,
  | 'waves'
  | 'waveIndex'
  | 'healthGate'
  | 'soakSeconds'
  | 'healthMargin'
  | 'abortPercent'
  | 'abortMinDevices'
  | 'retrySeconds'
  | 'windowStart'
  | 'windowEnd'
  | 'openUntil'
  | 'pauseReason'
  | 'health'
  | 'sourceTaskId'
  | 'rollbackTaskId'
>;

export const policyOf = (r: PolicyRow): Policy => ({
  waves: r.waves.map(Number),
  waveIndex: r.wave_index,
  healthGate: r.health_gate,
  soakSeconds: r.soak_seconds,
  healthMargin: r.health_margin,
  abortPercent: r.abort_percent,
  abortMinDevices: r.abort_min_devices,
  retrySeconds: r.retry_seconds.map(Number),
  windowStart: clockOfMinute(r.window_start),
  windowEnd: clockOfMinute(r.window_end),
  openUntil: r.end_at?.toISOString() ?? null,
  pauseReason: r.pause_reason,
  health: r.health,
  sourceTaskId: r.source_task_id,
  rollbackTaskId: r.rollback_task_id,
});

/** The policy a task is created with. */
export interface PolicyInput {
  waves: number[];
  healthGate: boolean;
  soakSeconds: number;
  healthMargin: number;
  abortPercent: number;
  abortMinDevices: number;
  retrySeconds: number[];
  windowStart: string;
  windowEnd: string;
  openUntil: string;
}

/** The columns of a new task's policy; a filter task keeps its filter (continuous targeting until openUntil). */
export function policyColumns(input: PolicyInput, productId: string, filter: OtaTaskFilter | null) {
  return {
    waves: sql<number[]>`${arrayLiteral(input.waves)}::integer[]`,
    health_gate: input.healthGate,
    soak_seconds: input.soakSeconds,
    health_margin: input.healthMargin,
    abort_percent: input.abortPercent,
    abort_min_devices: input.abortMinDevices,
    retry_seconds: sql<number[]>`${arrayLiteral(input.retrySeconds)}::integer[]`,
    window_start: minuteOfClock(input.windowStart),
    window_end: minuteOfClock(input.windowEnd),
    filter: filter === null ? null : JSON.stringify(filter),
    end_at: input.openUntil === '' ? null : new Date(input.openUntil),
    product_id: productId,
  };
}
