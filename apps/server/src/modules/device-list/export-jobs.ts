import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DEVICE_EXPORT_FILE_PATH, ErrorCode, EXPORT_JOB_MINUTES, translate, zonedDateTime } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { sha256Hex } from '../../auth/password.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { startPeriodicJob, type PeriodicJobOptions } from '../../operations/periodic-job.ts';
import * as repo from './export-jobs-repo.ts';
import { ExportPartsSink } from './export-parts-sink.ts';
import type { ExportReader } from './export-rows.ts';

export type { ExportJobRow as ExportJob } from './export-jobs-repo.ts';

const SWEEP_MS = 60_000;

/**
 * What one export writes (the device list's, a log search's): the file's name, how many rows it will
 * hold, and the workbook itself (writeSheet), written to `out` batch by batch with `onBatch` told the rows so far.
 */
export interface ExportWork {
  /** Message key of the file's name; the platform-zone time of the start follows it. */
  fileKey: string;
  count(): Promise<number>;
  write(out: Writable, onBatch: (writtenRows: number) => Promise<void>): Promise<number>;
}

/**
 * Export jobs of the device list and the log searches, kept in the database so that any instance answers the progress and
 * the download: the instance that starts a job writes its workbook into the database part by part,
 * counting the rows written; the finished file is downloaded once, and a job is removed when downloaded
 * or, downloaded or not, after EXPORT_JOB_MINUTES (swept when a job starts and every minute, through
 * startPeriodicJob like the other periodic jobs).
 */
export class ExportJobs {
  private readonly writing = new Set<Promise<void>>();
  private closing = false;
  private readonly stopSweeper: () => Promise<void>;

  constructor(
    private readonly db: Kysely<DB>,
    options: Omit<PeriodicJobOptions, 'everyMs'>,
  ) {
    this.stopSweeper = startPeriodicJob('exportSweep', () => repo.deleteExpiredJobs(db), {
      ...options,
      everyMs: SWEEP_MS,
    });
  }

  /** Starts `work` for a user acting in the scope, read as `reader` reads; answers the job id (the download key) and the rows it will hold. */
  async start(
    scope: DealerScope,
    userId: string,
    { locale, timeZone }: ExportReader,
    work: ExportWork,
  ): Promise<{ jobId: string; totalRows: number }> {
    await repo.deleteExpiredJobs(this.db);
    const totalRows = await work.count();
    const key = randomBytes(24).toString('hex');
    const stamp = zonedDateTime(new Date(), timeZone).replace(/[-: ]/g, '');
    const fileName = `${translate(locale, work.fileKey)}_${stamp}.xlsx`;
    const id = await repo.insertJob(this.db, {
      keyHash: sha256Hex(key),
      userId,
      dealerId: scope.dealerId,
      totalRows,
      fileName,
      minutes: EXPORT_JOB_MINUTES,
    });
    const writing = this.write(id, work).catch(() => repo.failJob(this.db, id).catch(() => undefined));
    this.writing.add(writing);
    void writing.finally(() => this.writing.delete(writing));
    return { jobId: key, totalRows };
  }

  private async write(id: string, work: ExportWork): Promise<void> {
    const sink = new ExportPartsSink(this.db, id);
    const onBatch = async (writtenRows: number) => {
      if (this.closing) throw new Error('server closing: export stopped');
      await repo.recordProgress(this.db, id, writtenRows);
    };
    const written = await work.write(sink, onBatch);
    await finished(sink);
    await repo.finishJob(this.db, id, written, sink.bytes);
  }

  /** The user's job in the scope it was started in; undefined for another user's, another company's, a downloaded or an unknown id alike. */
  find(key: string, userId: string, dealerId: string): Promise<repo.ExportJobRow | undefined> {
    return repo.findJob(this.db, sha256Hex(key), userId, dealerId);
  }

  /** The progress answer of the user's job (getDeviceExport, getLogExport): rows written of the total, the file's path once done. */
  async progress(key: string, userId: string, dealerId: string) {
    const job = await this.find(key, userId, dealerId);
    if (!job) fail(ErrorCode.NOT_FOUND);
    return {
      state: job.state,
      writtenRows: job.writtenRows,
      totalRows: job.totalRows,
      fileName: job.fileName,
      filePath: job.state === 'done' ? `${DEVICE_EXPORT_FILE_PATH}?job=${encodeURIComponent(key)}` : null,
    };
  }

  /** A finished job by its key, claimed for its one download: its name, size and parts; the job is removed once read. */
  async take(key: string): Promise<{ fileName: string; fileBytes: number; parts: AsyncGenerator<Buffer> } | undefined> {
    const job = await repo.claimDownload(this.db, sha256Hex(key));
    if (!job) return undefined;
    const { db } = this;
    async function* parts() {
      try {
        yield* repo.readParts(db, job!.id);
      } finally {
        await repo.deleteJob(db, job!.id);
      }
    }
    return { fileName: job.fileName, fileBytes: job.fileBytes, parts: parts() };
  }

  /** Stops the jobs this instance writes (they answer failed) and waits for them (server shutdown). */
  async close(): Promise<void> {
    this.closing = true;
    await this.stopSweeper();
    await Promise.allSettled([...this.writing]);
  }
}
