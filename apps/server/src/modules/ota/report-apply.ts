import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { applyOtaReport, isFinalReport, type AppliedReport, type OtaReport } from './progress.ts';
import { applyFinalReports } from './report-batch.ts';
import { ReportQueue } from './report-queue.ts';
import type { TaskLive } from './task-live.ts';

/** Reports applied at once: a few of the database pool's connections, the rest left to the ingest and the calls. */
export const OTA_REPORTS_AT_ONCE = 4;
/** Reports waiting at most: one progress report per open job, and the final ones, of several large rollouts. */
export const OTA_REPORTS_WAITING = 5000;
/** Final reports applied together at most (one transaction; a few parameters each). */
export const OTA_FINALS_PER_RUN = 500;
/** A full queue is logged at most this often. */
const FULL_LOG_EVERY_MS = 10_000;

/** Tells the console of the applied reports, after their commit: the devices of each task in one go. */
async function tell(live: TaskLive, applied: readonly AppliedReport[]): Promise<void> {
  const byTask = new Map<string, AppliedReport[]>();
  for (const report of applied) {
    const ofTask = byTask.get(report.taskId);
    if (ofTask) ofTask.push(report);
    else byTask.set(report.taskId, [report]);
  }
  for (const [taskId, reports] of byTask)
    await live.devices(
      taskId,
      reports.map((report) => report.change),
      reports[0]!.taskState,
    );
}

/**
 * The devices' OTA reports from the event bus, applied a few at a time (the final reports waiting, together), each
 * applied change told to the console.
 */
export function otaReportQueue(
  db: Kysely<DB>,
  live: TaskLive,
  log: FastifyBaseLogger,
  limits: { atOnce: number; waiting: number } = { atOnce: OTA_REPORTS_AT_ONCE, waiting: OTA_REPORTS_WAITING },
): ReportQueue<OtaReport> {
  let loggedAt = 0;
  const applyOne = async (report: OtaReport) => {
    try {
      const applied = await applyOtaReport(db, report);
      if (typeof applied === 'object') await tell(live, [applied]);
    } catch (error) {
      log.warn({ err: error, deviceCode: report.deviceCode }, 'OTA progress report not applied');
    }
  };
  return new ReportQueue<OtaReport>({
    concurrency: limits.atOnce,
    capacity: limits.waiting,
    isFinal: isFinalReport,
    jobOf: (report) => `${report.deviceId} ${report.job}`,
    run: applyOne,
    runFinals: async (reports) => {
      let applied: AppliedReport[];
      try {
        applied = await applyFinalReports(db, reports);
      } catch (error) {
        // Nothing of the batch was applied: one by one, so that a bad report fails alone.
        log.warn({ err: error, reports: reports.length }, 'OTA final reports not applied together: one by one');
        for (const report of reports) await applyOne(report);
        return;
      }
      try {
        await tell(live, applied);
      } catch (error) {
        log.warn({ err: error, reports: reports.length }, 'OTA final reports applied but not told');
      }
    },
    finalsPerRun: OTA_FINALS_PER_RUN,
    onFull: (counts) => {
      if (Date.now() - loggedAt < FULL_LOG_EVERY_MS) return;
      loggedAt = Date.now();
      log.warn(counts, 'OTA report queue full: progress reports dropped (final reports kept)');
    },
  });
}
