import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { applyOtaReport, isFinalReport, type OtaReport } from './progress.ts';
import { ReportQueue } from './report-queue.ts';
import type { TaskLive } from './task-live.ts';

/** Reports applied at once: a few of the database pool's connections, the rest left to the ingest and the calls. */
export const OTA_REPORTS_AT_ONCE = 4;
/** Reports waiting at most: one progress report per open job, and the final ones, of several large rollouts. */
export const OTA_REPORTS_WAITING = 5000;
/** A full queue is logged at most this often. */
const FULL_LOG_EVERY_MS = 10_000;

/** The devices' OTA reports from the event bus, applied a few at a time, each applied change told to the console. */
export function otaReportQueue(
  db: Kysely<DB>,
  live: TaskLive,
  log: FastifyBaseLogger,
  limits: { atOnce: number; waiting: number } = { atOnce: OTA_REPORTS_AT_ONCE, waiting: OTA_REPORTS_WAITING },
): ReportQueue<OtaReport> {
  let loggedAt = 0;
  return new ReportQueue<OtaReport>({
    concurrency: limits.atOnce,
    capacity: limits.waiting,
    isFinal: isFinalReport,
    jobOf: (report) => `${report.deviceId} ${report.job}`,
    run: async (report) => {
      try {
        const applied = await applyOtaReport(db, report);
        if (typeof applied === 'object') await live.devices(applied.taskId, [applied.change], applied.taskState);
      } catch (error) {
        log.warn({ err: error, deviceCode: report.deviceCode }, 'OTA progress report not applied');
      }
    },
    onFull: (counts) => {
      if (Date.now() - loggedAt < FULL_LOG_EVERY_MS) return;
      loggedAt = Date.now();
      log.warn(counts, 'OTA report queue full: progress reports dropped (final reports kept)');
    },
  });
}
