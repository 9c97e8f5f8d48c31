import { updateDevice } from '../device-writer/index.ts';
import {
  isOpenRolloutState,
  OPEN_ROLLOUT_STATES,
  otaDeviceStatusOf,
  rolloutStateOfReport,
  type OtaTaskState,
  type RolloutState,
} from '@dcc/contract';
import { sql, type Kysely } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import type { DeviceEvent } from '../../events/device-events.ts';
import type { DeviceChange } from './task-live.ts';

export type OtaReport = Extract<DeviceEvent, { kind: 'ota' }>;

/** How far along a state is: a report never moves a device back (a late 'downloading' after 'verifying'). */
const RANK: Record<RolloutState, number> = {
  queued: 0,
  deferred: 0,
  notified: 1,
  downloading: 2,
  verifying: 3,
  upgrading: 4,
  succeeded: 5,
  failed: 5,
  timedOut: 5,
  rejected: 5,
  cancelled: 5,
};

/** Reports a device sends only once it holds the whole file. */
const HAS_FILE: ReadonlySet<string> = new Set([
  'downloaded',
  'verifying',
  'upgrading',
  'succeeded',
  'checkFailure',
  'upgradeFailed',
]);

/** A report that moved its job: the job's task (as it stood) and the device's change for the live stream. */
export interface AppliedReport {
  taskId: string;
  taskState: OtaTaskState;
  change: DeviceChange;
}

/** Whether a report ends its job (a success or a failure): applied first, never dropped (report-queue.ts). */
export function isFinalReport(report: OtaReport): boolean {
  const status = otaDeviceStatusOf(report.status);
  return status !== undefined && !isOpenRolloutState(rolloutStateOfReport(status));
}

/** A report the OTA module refuses, counted in ingest_refusals under the device like the ingest's refusals. */
export const OTA_REFUSALS = { unknownJob: 'ota.unknownJob', unknownStatus: 'ota.unknownStatus' } as const;

export async function countRefusal(db: Kysely<DB>, report: OtaReport, reason: string): Promise<void> {
  await sql`
    insert into ingest_refusals (device_code, reason, count, first_at, last_at)
    values (${report.deviceCode}, ${reason}, 1, ${report.at}, ${report.at})
    on conflict (device_code, reason) do update set count = ingest_refusals.count + 1,
      first_at = least(ingest_refusals.first_at, excluded.first_at), last_at = greatest(ingest_refusals.last_at, excluded.last_at)`.execute(
    db,
  );
}

/** A report's job as read before it is moved, with its task. */
export interface JobRow {
  id: string;
  device_id: string;
  state: RolloutState;
  to_version: string;
  task_id: string;
  task_state: OtaTaskState;
}

/** Reads the jobs of these ids (the job ids the devices echo) with their task's state. */
export function readJobs(db: Kysely<DB>, ids: readonly string[]): Promise<JobRow[]> {
  const valid = [...new Set(ids.filter(isIdText))];
  if (valid.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ota_task_devices as td')
    .innerJoin('ota_tasks as t', 't.id', 'td.task_id')
    .select(['td.id', 'td.device_id', 'td.state', 'td.to_version', 'td.task_id', 't.state as task_state'])
    .where('td.id', 'in', valid)
    .execute();
}

/** Where a report moves its job: its new state and reason, its percent, and whether the device holds the file. */
export interface JobMove {
  state: RolloutState;
  reason: string | null;
  percent: number;
  downloaded: boolean;
  ended: boolean;
}

/**
 * What a report does to its job `row` (read by readJobs, undefined when missing): refused (a job of another device
 * or none, an unknown status), ignored (the job has ended, or the report would move it back), or its move. A success
 * must name the task's version; any other version fails the job ('versionMismatch').
 */
export function judgeReport(report: OtaReport, row: JobRow | undefined): JobMove | 'ignored' | { refused: string } {
  if (!row || row.device_id !== report.deviceId) return { refused: OTA_REFUSALS.unknownJob };
  const status = otaDeviceStatusOf(report.status);
  if (!status) return { refused: OTA_REFUSALS.unknownStatus };
  let state = rolloutStateOfReport(status);
  let reason: string | null = state === 'failed' ? status : null;
  if (status === 'succeeded' && report.version !== row.to_version) {
    state = 'failed';
    reason = 'versionMismatch';
  }
  if (!isOpenRolloutState(row.state) || RANK[state] < RANK[row.state]) return 'ignored';
  const downloaded = HAS_FILE.has(status);
  return { state, reason, percent: downloaded ? 100 : report.percent, downloaded, ended: !isOpenRolloutState(state) };
}

/** The open states a job may be moved from to `state`: not behind a report of the same job applied meanwhile. */
export const movableFrom = (state: RolloutState): RolloutState[] =>
  OPEN_ROLLOUT_STATES.filter((open) => RANK[open] <= RANK[state]);

/**
 * Applies a device's OTA progress report (the ingest stored and published it): only to the device's own job,
 * only while the job is open, and never backwards (judgeReport). A success's version becomes the device's software
 * version. A report for another device's job or with an unknown status is refused and counted. Idempotent: every
 * instance may apply the same report. The queue applies final reports together (report-batch.ts).
 */
export async function applyOtaReport(
  db: Kysely<DB>,
  report: OtaReport,
): Promise<AppliedReport | 'ignored' | 'refused'> {
  const [row] = await readJobs(db, [report.job]);
  const move = judgeReport(report, row);
  if (move === 'ignored') return 'ignored';
  if ('refused' in move) {
    await countRefusal(db, report, move.refused);
    return 'refused';
  }
  const { state, reason, percent, downloaded, ended } = move;
  const at = new Date(report.at);
  const moveJob = (q: Kysely<DB>) =>
    q
      .updateTable('ota_task_devices')
      .set((eb) => ({
        state,
        reason,
        percent,
        first_progress_at: eb.fn.coalesce('first_progress_at', eb.val(at)),
        ...(downloaded ? { downloaded_at: eb.fn.coalesce('downloaded_at', eb.val(at)) } : {}),
        ...(ended ? { finished_at: at } : {}),
        updated_at: at,
      }))
      .where('id', '=', row!.id)
      // Not behind a report of the same job applied meanwhile (reports are applied several at once).
      .where('state', 'in', movableFrom(state))
      .returning('id')
      .executeTakeFirst();
  // A success and the device's new version commit together: the rollout never ends a task whose device still shows
  // the old version. The new version is the device's own change, logged like every change of a device row.
  const updated =
    state === 'succeeded'
      ? await db.transaction().execute(async (trx) => {
          const moved = await moveJob(trx);
          if (moved)
            await updateDevice(
              trx,
              { deviceId: report.deviceId, deviceCode: report.deviceCode },
              { software_version: report.version },
              { operator: null, action: 'upgradeFirmware' },
            );
          return moved;
        })
      : await moveJob(db);
  if (!updated) return 'ignored';
  return {
    taskId: row!.task_id,
    taskState: row!.task_state,
    change: { deviceId: row!.device_id, state, reason, percent },
  };
}
