import {
  healthWithinMargin,
  IN_FLIGHT_ROLLOUT_STATES,
  OPEN_ROLLOUT_STATES,
  waveLimit,
  type RolloutState,
} from '@dcc/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { DB } from '../../db/schema.ts';
import { ensureLogDays, logEnds, logJoins, retriedSql } from './device-log.ts';
import { draftRollback, measureHealth } from './health-gate.ts';
import { inWindowNow, unreadyDevices } from './preconditions.ts';
import { targetNewDevices } from './targeting.ts';
import type { RuleRow } from './policy.ts';

/** A running or paused task as the rollout reads it. */
export type SteppedTask = RuleRow & {
  id: string;
  dealer_id: string;
  product_id: string | null;
  state: 'running' | 'paused';
  firmware_id: string | null;
  firmware_version: string;
  rate_per_minute: number;
  max_downloading: number;
  timeout_minutes: number;
  wave_ended_at: Date | null;
  filter: unknown;
};

export type Notice = { job: string; deviceId: string; deviceCode: string; connectionId: string | null };
/** A device whose state the step changed, for the live stream. */
export type Moved = { deviceId: string; state: RolloutState; reason: string | null };
export type StepResult = { notices: Notice[]; stops: Notice[]; moved: Moved[]; taskChanged: boolean };

const MINUTE_MS = 60_000;
const STARTED = ['downloading', 'verifying', 'upgrading'] as const;
const lits = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));
const OPEN = lits(OPEN_ROLLOUT_STATES);
const IN_FLIGHT = lits(IN_FLIGHT_ROLLOUT_STATES);

type Trx = Transaction<DB>;

/** A failure that the retry schedule gives another go: not ended yet, whatever its state says. */
const retryLeft = (task: SteppedTask) => retriedSql(task.retry_seconds.length);

/** Devices that started (or were notified) and have no outcome within the timeout: timed out. */
async function timeOut(trx: Trx, task: SteppedTask, now: Date): Promise<Moved[]> {
  const expired = new Date(now.getTime() - task.timeout_minutes * MINUTE_MS);
  const rows = await trx
    .updateTable('ota_task_devices')
    .set({ state: 'timedOut', finished_at: now, updated_at: now })
    .where('task_id', '=', task.id)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', 'in', [...STARTED]), eb('first_progress_at', '<', expired)]),
        eb.and([eb('state', '=', 'notified'), eb('notified_at', '<', expired)]),
      ]),
    )
    .returning(['device_id', 'state', 'reason'])
    .execute();
  return rows.map((r) => ({ deviceId: r.device_id, state: r.state, reason: r.reason }));
}

/** Devices whose download failed or timed out, with retries left: deferred until their retry is due. */
async function scheduleRetries(trx: Trx, task: SteppedTask, now: Date): Promise<Moved[]> {
  if (task.retry_seconds.length === 0) return [];
  const { rows } = await sql<{ device_id: string }>`
    update ota_task_devices td set state = 'deferred', reason = 'retryWait', percent = 0, notified_at = null,
      first_progress_at = null, downloaded_at = null, finished_at = null, updated_at = ${now},
      retry_at = ${now}::timestamptz + make_interval(secs => (${arrayLiteral(task.retry_seconds)}::integer[])[td.attempts])
    where td.task_id = ${task.id} and ${retryLeft(task)}
    returning td.device_id`.execute(trx);
  return rows.map((r) => ({ deviceId: r.device_id, state: 'deferred' as const, reason: 'retryWait' }));
}

/** Ends devices never notified when the task reaches its end time (cancelled, 'endTime'). */
async function closeAtEnd(trx: Trx, task: SteppedTask, now: Date): Promise<Moved[]> {
  if (task.end_at === null || task.end_at > now) return [];
  const rows = await trx
    .updateTable('ota_task_devices')
    .set({ state: 'cancelled', reason: 'endTime', finished_at: now, updated_at: now })
    .where('task_id', '=', task.id)
    .where('state', 'in', ['queued', 'deferred'])
    .returning(['device_id', 'state', 'reason'])
    .execute();
  return rows.map((r) => ({ deviceId: r.device_id, state: r.state, reason: r.reason }));
}

type Counts = {
  total: number;
  released: number;
  inFlight: number;
  recent: number;
  open: number;
  bad: number;
  ended: number;
  waiting: number;
};

async function countRows(trx: Trx, task: SteppedTask, now: Date): Promise<Counts> {
  const row = await trx
    .selectFrom('ota_task_devices as td')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where attempts > 0)`.as('released'),
      sql<string>`count(*) filter (where state in (${IN_FLIGHT}))`.as('inFlight'),
      sql<string>`count(*) filter (where notified_at > ${new Date(now.getTime() - MINUTE_MS)})`.as('recent'),
      // A failure that reported after this step scheduled the retries is still open: the next step retries it.
      sql<string>`count(*) filter (where state in (${OPEN}) or ${retryLeft(task)})`.as('open'),
      sql<string>`count(*) filter (where state in ('failed', 'timedOut'))`.as('bad'),
      sql<string>`count(*) filter (where state in ('succeeded', 'failed', 'timedOut', 'rejected'))`.as('ended'),
      sql<string>`count(*) filter (where state = 'deferred' and reason = 'retryWait')`.as('waiting'),
    ])
    .where('task_id', '=', task.id)
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    released: Number(row.released),
    inFlight: Number(row.inFlight),
    recent: Number(row.recent),
    open: Number(row.open),
    bad: Number(row.bad),
    ended: Number(row.ended),
    waiting: Number(row.waiting),
  };
}

/** Auto-abort: failed and timed-out devices reached the task's share of the ended ones, after enough ended. */
const shouldAbort = (task: SteppedTask, c: Counts) =>
  c.ended >= task.abort_min_devices && c.bad * 100 >= task.abort_percent * c.ended;

async function abort(trx: Trx, task: SteppedTask, now: Date, result: StepResult): Promise<void> {
  await trx.updateTable('ota_tasks').set({ state: 'aborted', ended_at: now }).where('id', '=', task.id).execute();
  const rows = await trx
    .updateTable('ota_task_devices as td')
    .from('devices as dv')
    .set({ state: 'cancelled', reason: 'aborted', finished_at: now, updated_at: now })
    .whereRef('dv.id', '=', 'td.device_id')
    .where('td.task_id', '=', task.id)
    .where('td.state', 'in', [...OPEN_ROLLOUT_STATES])
    .returning(['td.id', 'td.device_id', 'dv.device_code', 'dv.connection_id', 'td.notified_at'])
    .execute();
  for (const r of rows) {
    result.moved.push({ deviceId: r.device_id, state: 'cancelled', reason: 'aborted' });
    if (r.notified_at !== null)
      result.stops.push({ job: r.id, deviceId: r.device_id, deviceCode: r.device_code, connectionId: r.connection_id });
  }
  result.taskChanged = true;
}

/**
 * The wave's end: once every released device of the current wave ended (none in flight, none waiting for a retry),
 * the next wave is released, at once or, with the health gate, after the soak when the upgraded devices fared
 * within the margin of the not-upgraded ones; otherwise the task pauses and a rollback is drafted.
 */
async function moveWave(
  trx: Trx,
  task: SteppedTask,
  c: Counts,
  candidates: number,
  now: Date,
  result: StepResult,
): Promise<'paused' | 'going'> {
  const last = task.wave_index >= task.waves.length - 1;
  const cap = waveLimit(task.waves[task.wave_index] ?? 100, c.total);
  const waveDone = !last && (c.released >= cap || candidates === 0) && c.inFlight === 0 && c.waiting === 0;
  if (!waveDone) return 'going';
  if (task.health_gate && task.wave_ended_at === null) {
    await trx.updateTable('ota_tasks').set({ wave_ended_at: now }).where('id', '=', task.id).execute();
    return 'going';
  }
  if (task.health_gate && task.wave_ended_at !== null) {
    if (now.getTime() - task.wave_ended_at.getTime() < task.soak_seconds * 1000) return 'going';
    const health = await measureHealth(trx, task, task.wave_ended_at);
    if (!healthWithinMargin(health, task.health_margin)) {
      await draftRollback(trx, task.id);
      await trx
        .updateTable('ota_tasks')
        .set({ state: 'paused', pause_reason: 'healthGate', health: JSON.stringify(health) })
        .where('id', '=', task.id)
        .execute();
      result.taskChanged = true;
      return 'paused';
    }
    await trx
      .updateTable('ota_tasks')
      .set({ wave_index: task.wave_index + 1, wave_ended_at: null, health: JSON.stringify(health) })
      .where('id', '=', task.id)
      .execute();
  } else
    await trx
      .updateTable('ota_tasks')
      .set({ wave_index: task.wave_index + 1 })
      .where('id', '=', task.id)
      .execute();
  result.taskChanged = true;
  return 'going';
}

/** Candidates for notification: queued, or deferred and due (a retry waits for its time), of connected devices. */
const candidateRows = (trx: Trx, taskId: string, now: Date) =>
  trx
    .selectFrom('ota_task_devices as td')
    .innerJoin('devices as dv', 'dv.id', 'td.device_id')
    .where('td.task_id', '=', taskId)
    .where('td.state', 'in', ['queued', 'deferred'])
    .where((eb) => eb.or([eb('td.retry_at', 'is', null), eb('td.retry_at', '<=', now)]));

/** Marks devices deferred with a reason (only those not already deferred for it). */
async function defer(trx: Trx, ids: readonly string[], reason: string, now: Date, result: StepResult) {
  if (ids.length === 0) return;
  const rows = await trx
    .updateTable('ota_task_devices')
    .set({ state: 'deferred', reason, updated_at: now })
    .where('id', 'in', [...ids])
    .where((eb) => eb.or([eb('state', '=', 'queued'), eb('reason', 'is distinct from', reason)]))
    .returning('device_id')
    .execute();
  for (const r of rows) result.moved.push({ deviceId: r.device_id, state: 'deferred', reason });
}

/** Picks and marks notified the devices the rate, the slots, the wave, the window and the preconditions allow. */
async function pick(trx: Trx, task: SteppedTask, c: Counts, now: Date, timeZone: string, result: StepResult) {
  const offline = await candidateRows(trx, task.id, now)
    .select('td.id')
    .where('dv.connected', '=', false)
    .where((eb) => eb.or([eb('td.state', '=', 'queued'), eb('td.reason', 'is distinct from', 'offline')]))
    .execute();
  await defer(
    trx,
    offline.map((r) => r.id),
    'offline',
    now,
    result,
  );
  const online = candidateRows(trx, task.id, now).where('dv.connected', '=', true);
  const { n } = await online.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const candidates = Number(n);
  const cap = waveLimit(task.waves[task.wave_index] ?? 100, c.total);
  // The wave caps the devices released for the first time; a retry was released already.
  const budget = Math.min(task.max_downloading - c.inFlight, task.rate_per_minute - c.recent);
  let waveRoom = cap - c.released;
  if (candidates === 0 || task.firmware_id === null) return candidates;
  if (!inWindowNow(now, timeZone, task)) {
    const rows = await online.select('td.id').execute();
    await defer(
      trx,
      rows.map((r) => r.id),
      'outsideWindow',
      now,
      result,
    );
    return candidates;
  }
  if (budget <= 0) return candidates;
  // Retries first, then in order; a few more than the budget so that busy devices do not stall the wave.
  const rows = await online
    .select(['td.id', 'td.device_id', 'td.attempts', 'dv.device_code', 'dv.connection_id'])
    .orderBy(sql`td.attempts > 0`, 'desc')
    .orderBy('td.id')
    .limit(budget * 2)
    .execute();
  const unready = await unreadyDevices(
    trx,
    rows.map((r) => r.device_id),
  );
  for (const reason of new Set(unready.values()))
    await defer(
      trx,
      rows.filter((r) => unready.get(r.device_id) === reason).map((r) => r.id),
      reason,
      now,
      result,
    );
  const picked = rows.filter((r) => !unready.has(r.device_id) && (r.attempts > 0 || waveRoom-- > 0)).slice(0, budget);
  if (picked.length > 0)
    await trx
      .updateTable('ota_task_devices')
      .set((eb) => ({
        state: 'notified',
        reason: null,
        notified_at: now,
        retry_at: null,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where(
        'id',
        'in',
        picked.map((p) => p.id),
      )
      .execute();
  for (const p of picked) {
    result.notices.push({ job: p.id, deviceId: p.device_id, deviceCode: p.device_code, connectionId: p.connection_id });
    result.moved.push({ deviceId: p.device_id, state: 'notified', reason: null });
  }
  return candidates;
}

/**
 * One step of a running (or paused) task, under its row lock (one instance at a time moves it): timeouts,
 * retries, the end time, continuous targeting, auto-abort, notifications within the policy, the wave's end, and
 * the task's end when no device is open; last, the devices that joined or ended since the last step go to their
 * operation log (device-log.ts; last, so that every row the step counted as ended is logged). A paused task only
 * times out and retries devices; it notifies none.
 */
export async function stepTask(db: Kysely<DB>, task: SteppedTask, timeZone: string): Promise<StepResult> {
  await ensureLogDays(db);
  return db.transaction().execute(async (trx) => {
    const result: StepResult = { notices: [], stops: [], moved: [], taskChanged: false };
    const locked = await trx
      .selectFrom('ota_tasks')
      .select('id')
      .where('id', '=', task.id)
      .where('state', '=', task.state)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!locked) return result;
    const open = await stepLocked(trx, task, timeZone, result);
    await logJoins(trx, task.id);
    await logEnds(trx, task.id, open ? task.retry_seconds.length : 0);
    return result;
  });
}

/** The step's moves; answers whether the task stays open (running or paused: its failed devices may be retried). */
async function stepLocked(trx: Trx, task: SteppedTask, timeZone: string, result: StepResult): Promise<boolean> {
  const now = new Date();
  result.moved.push(...(await timeOut(trx, task, now)));
  result.moved.push(...(await scheduleRetries(trx, task, now)));
  if (task.state === 'paused') return true;
  result.moved.push(...(await closeAtEnd(trx, task, now)));
  const open = task.end_at === null || task.end_at > now;
  if (open && task.filter !== null) result.moved.push(...(await targetNewDevices(trx, task)));
  let c = await countRows(trx, task, now);
  if (shouldAbort(task, c)) {
    await abort(trx, task, now, result);
    return false;
  }
  const candidates = await pick(trx, task, c, now, timeZone, result);
  c = await countRows(trx, task, now);
  if ((await moveWave(trx, task, c, candidates, now, result)) === 'paused') return true;
  // A continuously targeted task stays open until its end time; any other ends when no device is open.
  const waitsForMore = task.filter !== null && open;
  if (c.open === 0 && !waitsForMore) {
    await trx.updateTable('ota_tasks').set({ state: 'finished', ended_at: now }).where('id', '=', task.id).execute();
    result.taskChanged = true;
    return false;
  }
  return true;
}
