import { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { insertPart } from './export-jobs-repo.ts';

export const EXPORT_PART_BYTES = 1024 * 1024;

/**
 * Where an export's workbook is written: parts of EXPORT_PART_BYTES stored in the database in order.
 * A write that fills a part completes when the part is stored, so the zip writer waits for the database.
 */
export class ExportPartsSink extends Writable {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private parts = 0;
  /** Bytes stored so far (the file's size once finished). */
  bytes = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly jobId: string,
  ) {
    super({ highWaterMark: EXPORT_PART_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < EXPORT_PART_BYTES) return done();
    this.store().then(() => done(), done);
  }

  override _final(done: (error?: Error | null) => void): void {
    (this.pendingBytes > 0 ? this.store() : Promise.resolve()).then(() => done(), done);
  }

  private async store(): Promise<void> {
    const part = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    await insertPart(this.db, this.jobId, this.parts++, part);
    this.bytes += part.length;
  }
}
