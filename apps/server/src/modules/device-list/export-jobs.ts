import { randomBytes } from 'node:crypto';
import { finished } from 'node:stream/promises';
import { EXPORT_JOB_MINUTES, translate, zonedDateTime, type DeviceListQuery } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import { sha256Hex } from '../../auth/password.ts';
import type { DB } from '../../db/schema.ts';
import { countDevices } from '../devices/index.ts';
import type { VendorReader } from '../points/index.ts';
import * as repo from './export-jobs-repo.ts';
import { ExportPartsSink } from './export-parts-sink.ts';
import { writeDeviceWorkbook } from './export-workbook.ts';
import type { ExportReader } from './export-rows.ts';

export type { ExportJobRow as ExportJob } from './export-jobs-repo.ts';

const SWEEP_MS = 60_000;

/**
 * Export jobs of the device list, kept in the database so that any instance answers the progress and
 * the download: the instance that starts a job writes its workbook into the database part by part,
 * counting the rows written; the finished file is downloaded once, and a job is removed when downloaded
 * or, downloaded or not, after EXPORT_JOB_MINUTES (swept when a job starts and every minute).
 */
export class ExportJobs {
  private readonly writing = new Set<Promise<void>>();
  private closing = false;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly db: Kysely<DB>) {
    this.sweeper = setInterval(() => void repo.deleteExpiredJobs(db).catch(() => undefined), SWEEP_MS).unref();
  }

  /** Starts an export of the query for a user acting in the scope (filtering as `reader` may); answers the job id (the download key) and the rows it will hold. */
  async start(
    scope: DealerScope,
    userId: string,
    reader: VendorReader,
    query: DeviceListQuery,
    { locale, timeZone }: ExportReader,
  ): Promise<{ jobId: string; totalRows: number }> {
    await repo.deleteExpiredJobs(this.db);
    const totalRows = await countDevices(this.db, scope, reader, query);
    const key = randomBytes(24).toString('hex');
    const stamp = zonedDateTime(new Date(), timeZone).replace(/[-: ]/g, '');
    const fileName = `${translate(locale, 'devices.export.file')}_${stamp}.xlsx`;
    const id = await repo.insertJob(this.db, {
      keyHash: sha256Hex(key),
      userId,
      dealerId: scope.dealerId,
      totalRows,
      fileName,
      minutes: EXPORT_JOB_MINUTES,
    });
    const work = this.write(id, { scope, reader, query, locale, timeZone }).catch(() =>
      repo.failJob(this.db, id).catch(() => undefined),
    );
    this.writing.add(work);
    void work.finally(() => this.writing.delete(work));
    return { jobId: key, totalRows };
  }

  private async write(
    id: string,
    job: { scope: DealerScope; reader: VendorReader; query: DeviceListQuery } & ExportReader,
  ): Promise<void> {
    const sink = new ExportPartsSink(this.db, id);
    const onBatch = async (writtenRows: number) => {
      if (this.closing) throw new Error('server closing: export stopped');
      await repo.recordProgress(this.db, id, writtenRows);
    };
    const written = await writeDeviceWorkbook(this.db, sink, { ...job, onBatch });
    await finished(sink);
    await repo.finishJob(this.db, id, written, sink.bytes);
  }

  /** The user's job in the scope it was started in; undefined for another user's, another company's, a downloaded or an unknown id alike. */
  find(key: string, userId: string, dealerId: string): Promise<repo.ExportJobRow | undefined> {
    return repo.findJob(this.db, sha256Hex(key), userId, dealerId);
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
    clearInterval(this.sweeper);
    await Promise.allSettled([...this.writing]);
  }
}
