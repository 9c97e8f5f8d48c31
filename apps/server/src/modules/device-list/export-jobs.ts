import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { EXPORT_JOB_MINUTES, translate, type DeviceListQuery, type Locale } from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { DealerScope } from '../../auth/permission-repo.ts';
import type { DB } from '../../db/schema.ts';
import { countDevices } from '../devices/repo.ts';
import { exportBatches, exportCells, exportHeader } from './export-rows.ts';

/**
 * Export jobs of the device list, held in this server's memory: each writes its workbook to a
 * temporary file as it reads the rows, counts the rows written for the progress call, and is
 * forgotten (file removed) when downloaded or after EXPORT_JOB_MINUTES.
 */
export interface ExportJob {
  id: string;
  userId: string;
  dealerId: string;
  state: 'running' | 'done' | 'failed';
  totalRows: number;
  writtenRows: number;
  fileName: string;
  file: string;
}

export class ExportJobs {
  private readonly jobs = new Map<string, ExportJob & { timer: NodeJS.Timeout; finished: Promise<void> }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly dir: string = os.tmpdir(),
  ) {}

  /** Starts an export of the query for a user acting in the scope; answers the job id and the rows it will hold. */
  async start(scope: DealerScope, userId: string, query: DeviceListQuery, locale: Locale): Promise<{ jobId: string; totalRows: number }> {
    const totalRows = await countDevices(this.db, scope, query);
    const id = randomBytes(24).toString('hex');
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
    const job = {
      id, userId, dealerId: scope.dealerId, state: 'running' as ExportJob['state'], totalRows, writtenRows: 0,
      fileName: `${translate(locale, 'devices.export.file')}_${stamp}.xlsx`, file: path.join(this.dir, `device-export-${id}.xlsx`),
      timer: setTimeout(() => this.forget(id), EXPORT_JOB_MINUTES * 60_000).unref(),
      finished: Promise.resolve(),
    };
    this.jobs.set(id, job);
    job.finished = this.write(job, scope, query, locale).then(
      () => { job.state = 'done'; job.totalRows = Math.max(job.totalRows, job.writtenRows); },
      () => { job.state = 'failed'; },
    );
    return { jobId: id, totalRows };
  }

  private async write(job: ExportJob, scope: DealerScope, query: DeviceListQuery, locale: Locale): Promise<void> {
    const out = fs.createWriteStream(job.file);
    const failed = new Promise<never>((_, reject) => out.once('error', reject));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const work = (async () => {
      const sheet = workbook.addWorksheet(translate(locale, 'devices.export.sheet'));
      sheet.addRow(exportHeader(locale)).commit();
      for await (const batch of exportBatches(this.db, scope, query, locale)) {
        for (const device of batch) sheet.addRow(exportCells(device, locale)).commit();
        job.writtenRows += batch.length;
      }
      sheet.commit();
      await workbook.commit();
    })();
    await Promise.race([work, failed]);
  }

  /** The user's job in the scope it was started in; undefined for another user's, another company's or an unknown id alike. */
  find(id: string, userId: string, dealerId: string): ExportJob | undefined {
    const job = this.jobs.get(id);
    return job && job.userId === userId && job.dealerId === dealerId ? job : undefined;
  }

  /** A finished job by its id (the download's one-time key), taken out of the registry. */
  take(id: string): ExportJob | undefined {
    const job = this.jobs.get(id);
    if (!job || job.state !== 'done') return undefined;
    clearTimeout(job.timer);
    this.jobs.delete(id);
    return job;
  }

  /** Forgets a job and removes its file once it stopped writing. */
  forget(id: string): void {
    const job = this.jobs.get(id);
    if (!job) return;
    clearTimeout(job.timer);
    this.jobs.delete(id);
    void job.finished.then(() => fs.promises.rm(job.file, { force: true }));
  }

  /** Waits for running jobs and removes every file (server shutdown). */
  async close(): Promise<void> {
    const jobs = [...this.jobs.values()];
    for (const job of jobs) this.forget(job.id);
    await Promise.all(jobs.map((job) => job.finished.then(() => fs.promises.rm(job.file, { force: true }))));
  }
}
