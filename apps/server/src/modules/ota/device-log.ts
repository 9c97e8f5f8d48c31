import { OPEN_ROLLOUT_STATES, type OperationAction } from '@dcc/contract';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { dayOf } from '../../db/partition-day.ts';
import type { DB } from '../../db/schema.ts';
import { ensureOperationDays, type Operator } from '../device-commands/index.ts';

/**
 * A device's part in an OTA task, in its operation log (issue 23): 'joinOtaTask' when it joins a task (the task's
 * creator is named: their task took it in), 'cancelOtaTask' when a person cancels the task (or disables its batch)
 * before it ended, 'endOtaTask' with its final state and reason. Each is written once per task row, marked on
 * the row (migration 097) in the same statement, so that every way a device joins or ends is logged by the task's
 * step, whichever instance runs it. Fields by name: the task, the firmware, the version from and to, the state
 * and the reason (codes the console names, contract LOGGED_CODE_FIELDS).
 */

const DAY_MS = 86_400_000;
const ENDED = ['succeeded', 'failed', 'timedOut', 'rejected', 'cancelled'] as const;
const lits = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));
const OPEN = lits(OPEN_ROLLOUT_STATES);

/** The operation log's message key for a device cancelled without a person (the task's end time, auto-abort). */
export const CANCELLED_DETAIL = 'otaTasks.deviceCancelled';

/**
 * A failed or timed-out row the step gives another try (rollout-step.ts scheduleRetries): not ended yet. `td` is
 * the row, `retries` the task's retry schedule length.
 */
export const retriedSql = (retries: number): RawBuilder<boolean> => sql<boolean>`(
  (td.state = 'timedOut' or (td.state = 'failed' and td.reason in ('downloadFailed', 'downloadTimeout')))
  and td.attempts between 1 and ${retries}
  and not exists (select 1 from ota_task_devices o where o.device_id = td.device_id and o.id <> td.id and o.state in (${OPEN})))`;

/** The fields every entry names: the task, the firmware, the version from and to. */
const TASK_FIELDS = sql`jsonb_build_array(
  jsonb_build_object('field', 'otaTask', 'from', null::text, 'to', t.id::text),
  jsonb_build_object('field', 'firmware', 'from', null::text, 'to', t.firmware_name),
  jsonb_build_object('field', 'firmwareVersion', 'from', nullif(m.from_version, ''), 'to', m.to_version))`;

/**
 * The insert of the entries of the rows `marked` (a CTE before it: id, device_id, from_version, to_version, state,
 * reason, at) of task `taskId`; without an operator, the task's creator is named.
 */
/**
 * The entries below take the operation log's default day (the UTC day of the transaction's start): its partition
 * and the one before (a transaction begun just before midnight) exist first. Made outside the transaction first
 * (stepTask, applyFinalReports), they cost the transaction no statement (ensureDayPartitions remembers them).
 */
export async function ensureLogDays(db: Kysely<DB>): Promise<void> {
  const now = Date.now();
  await ensureOperationDays(db, new Set([dayOf(new Date(now - DAY_MS)), dayOf(new Date(now))]));
}

function entriesOf(
  taskId: string,
  action: OperationAction,
  operator: Operator | null,
  outcome: RawBuilder<string>,
  detail: RawBuilder<string>,
  changes: RawBuilder<unknown>,
) {
  const operatorId = operator ? sql`${operator.userId}::bigint` : sql`t.created_by`;
  const operatorName = operator ? sql`${operator.name}::text` : sql`coalesce(nullif(u.real_name, ''), u.user_name, '')`;
  const dealerId = operator ? sql`${operator.dealerId}::bigint` : sql`t.dealer_id`;
  return sql`insert into device_operations (device_id, device_code, operator_id, operator_name, dealer_id, action,
      request, summary, changes, outcome, detail, created_at, finished_at)
    select m.device_id, dv.device_code, ${operatorId}, ${operatorName}, ${dealerId}, ${action},
      jsonb_build_object('taskId', t.id::text, 'job', m.id::text), t.firmware_name || ' ' || t.firmware_version,
      ${changes}, ${outcome}, ${detail}, m.at, m.at
    from marked m join devices dv on dv.id = m.device_id join ota_tasks t on t.id = ${taskId}
      left join users u on u.id = t.created_by`;
}

/**
 * Logs the task's devices that joined it since the last time (named by the task's creator), at `at` (one clock
 * with the entries that follow in the same transaction: a cancel's).
 */
export async function logJoins(trx: Transaction<DB>, taskId: string, at: Date = new Date()): Promise<void> {
  await ensureLogDays(trx);
  await sql`with marked as (update ota_task_devices td set join_logged = true
      where td.task_id = ${taskId} and not td.join_logged
      returning td.id, td.device_id, td.from_version, td.to_version, ${at}::timestamptz as at)
    ${entriesOf(taskId, 'joinOtaTask', null, sql`'applied'`, sql`''`, TASK_FIELDS)}`.execute(trx);
}

/**
 * Logs the task's devices that ended since the last time, with their final state: succeeded applied, failed and
 * rejected refused (the device's status as the reason), timed out no reply, cancelled without a person rejected
 * (the end time or auto-abort). A row the step retries (`retries`: the task's schedule length) is not ended.
 */
export async function logEnds(trx: Transaction<DB>, taskId: string, retries: number): Promise<void> {
  await ensureLogDays(trx);
  const outcome = sql<string>`(case m.state when 'succeeded' then 'applied' when 'timedOut' then 'noReply'
    when 'cancelled' then 'rejected' else 'refused' end)`;
  const detail = sql<string>`(case when m.state = 'cancelled' then ${CANCELLED_DETAIL} || '.' || coalesce(m.reason, 'endTime') else '' end)`;
  const changes = sql`${TASK_FIELDS}
    || jsonb_build_array(jsonb_build_object('field', 'otaState', 'from', null::text, 'to', m.state))
    || (case when m.reason is null then '[]'::jsonb
        else jsonb_build_array(jsonb_build_object('field', 'otaReason', 'from', null::text, 'to', m.reason)) end)`;
  await sql`with marked as (update ota_task_devices td set end_logged = true
      where td.task_id = ${taskId} and not td.end_logged and td.state in (${lits(ENDED)}) and not ${retriedSql(retries)}
      returning td.id, td.device_id, td.from_version, td.to_version, td.state, td.reason,
        coalesce(td.finished_at, now()) as at)
    ${entriesOf(taskId, 'endOtaTask', null, outcome, detail, changes)}`.execute(trx);
}

/** A device a person's cancel stopped: the job, and whether it had been notified (then it is told to stop). */
export type CancelledRow = { job: string; deviceId: string; deviceCode: string; notified: boolean };

/**
 * Cancels the task's open devices for a person (a cancel, a batch disabled) and logs each with its state before
 * and after; answers the cancelled rows.
 */
export async function cancelAndLog(
  trx: Transaction<DB>,
  taskId: string,
  operator: Operator,
  at: Date,
): Promise<CancelledRow[]> {
  await ensureLogDays(trx);
  const changes = sql`${TASK_FIELDS}
    || jsonb_build_array(jsonb_build_object('field', 'otaState', 'from', m.state, 'to', 'cancelled'))`;
  const { rows } = await sql<CancelledRow>`with marked as (
      update ota_task_devices td set state = 'cancelled', finished_at = ${at}, updated_at = ${at}, end_logged = true
      from (select id, state from ota_task_devices where task_id = ${taskId} and state in (${OPEN})) before
      where td.id = before.id and td.state in (${OPEN})
      returning td.id, td.device_id, td.from_version, td.to_version, before.state, td.notified_at,
        ${at}::timestamptz as at),
    logged as (${entriesOf(taskId, 'cancelOtaTask', operator, sql`'applied'`, sql`''`, changes)} returning 1)
    select m.id::text as job, m.device_id::text as "deviceId", dv.device_code as "deviceCode",
      m.notified_at is not null as notified
    from marked m join devices dv on dv.id = m.device_id where (select count(*) from logged) >= 0`.execute(trx);
  return rows;
}
