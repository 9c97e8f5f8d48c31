import { sql, type Kysely } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { DB } from '../../db/schema.ts';
import { setSoftwareVersions } from '../device-writer/index.ts';
import { ensureLogDays } from './device-log.ts';
import {
  countRefusal,
  judgeReport,
  movableFrom,
  readJobs,
  type AppliedReport,
  type JobMove,
  type JobRow,
  type OtaReport,
} from './progress.ts';

type Move = { report: OtaReport; row: JobRow; move: JobMove };

/**
 * Moves the jobs in one statement, each only from an open state its report may move it from (not behind a report of
 * the same job applied meanwhile), in the jobs' order (two batches sharing jobs lock them in the same order); answers
 * the ids moved.
 */
async function moveJobs(db: Kysely<DB>, moves: readonly Move[]): Promise<Set<string>> {
  const ordered = [...moves].sort((a, b) => (BigInt(a.row.id) < BigInt(b.row.id) ? -1 : 1));
  const values = sql.join(
    ordered.map(
      ({ row, move, report }) => sql`(${row.id}::bigint, ${move.state}::text, ${move.reason}::text,
        ${move.percent}::integer, ${move.downloaded}::boolean, ${move.ended}::boolean, ${new Date(report.at)}::timestamptz,
        ${arrayLiteral(movableFrom(move.state))}::text[])`,
    ),
  );
  const { rows } = await sql<{ id: string }>`
    update ota_task_devices td set state = v.state, reason = v.reason, percent = v.percent,
      first_progress_at = coalesce(td.first_progress_at, v.at),
      downloaded_at = case when v.downloaded then coalesce(td.downloaded_at, v.at) else td.downloaded_at end,
      finished_at = case when v.ended then v.at else td.finished_at end,
      updated_at = v.at
    from (values ${values}) v (id, state, reason, percent, downloaded, ended, at, movable_from)
    where td.id = v.id and td.state = any (v.movable_from)
    returning td.id::text as id`.execute(db);
  return new Set(rows.map((row) => row.id));
}

/**
 * Applies the final reports (successes and failures) a queue turn took, together: their jobs read in one statement,
 * moved in one, the successes' devices given their new version in one and logged in one, in one transaction (with
 * the refusals counted), so that a success and its device's version commit together as applyOtaReport's do. Each
 * report is judged as applyOtaReport judges it; of several reports of one job, the first that moves it counts.
 * All or nothing: when it throws, no report of the batch was applied (the caller applies them one by one).
 */
export async function applyFinalReports(db: Kysely<DB>, reports: readonly OtaReport[]): Promise<AppliedReport[]> {
  const jobs = await readJobs(
    db,
    reports.map((report) => report.job),
  );
  const rows = new Map(jobs.map((row) => [row.id, row]));
  const refused: Array<{ report: OtaReport; reason: string }> = [];
  const moves = new Map<string, Move>();
  for (const report of reports) {
    // The id as the database writes it ('007' reads job 7).
    const row = isIdText(report.job) ? rows.get(BigInt(report.job).toString()) : undefined;
    const move = judgeReport(report, row);
    if (move === 'ignored') continue;
    if ('refused' in move) refused.push({ report, reason: move.refused });
    else if (!moves.has(row!.id)) moves.set(row!.id, { report, row: row!, move });
  }
  if (refused.length === 0 && moves.size === 0) return [];
  await ensureLogDays(db);
  const moved = await db.transaction().execute(async (trx) => {
    for (const { report, reason } of refused) await countRefusal(trx, report, reason);
    if (moves.size === 0) return new Set<string>();
    const ids = await moveJobs(trx, [...moves.values()]);
    const succeeded = [...moves.values()].filter(({ row, move }) => ids.has(row.id) && move.state === 'succeeded');
    await setSoftwareVersions(
      trx,
      succeeded.map(({ report }) => ({
        device: { deviceId: report.deviceId, deviceCode: report.deviceCode },
        version: report.version,
      })),
      { operator: null, action: 'upgradeFirmware' },
    );
    return ids;
  });
  return [...moves.values()]
    .filter(({ row }) => moved.has(row.id))
    .map(({ row, move }) => ({
      taskId: row.task_id,
      taskState: row.task_state,
      change: { deviceId: row.device_id, state: move.state, reason: move.reason, percent: move.percent },
    }));
}
