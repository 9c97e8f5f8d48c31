import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Queries of the device export jobs (migration 029); the job's key is kept as its sha256 only. */

/** A running job whose writer has not moved it on for this long stopped with its instance: it answers as failed. */
export const STALE_JOB_SECONDS = 60;

export interface ExportJobRow {
  id: string;
  state: 'running' | 'done' | 'failed';
  totalRows: number;
  writtenRows: number;
  fileName: string;
}

export async function insertJob(
  db: Kysely<DB>,
  job: { keyHash: string; userId: string; dealerId: string; totalRows: number; fileName: string; minutes: number },
): Promise<string> {
  const row = await db
    .insertInto('device_export_jobs')
    .values({
      key_hash: job.keyHash,
      user_id: job.userId,
      dealer_id: job.dealerId,
      state: 'running',
      total_rows: job.totalRows,
      file_name: job.fileName,
      expires_at: sql<Date>`now() + make_interval(mins => ${job.minutes})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Removes expired jobs (their parts go with them). */
export async function deleteExpiredJobs(db: Kysely<DB>): Promise<void> {
  await db
    .deleteFrom('device_export_jobs')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
}

export async function recordProgress(db: Kysely<DB>, id: string, writtenRows: number): Promise<void> {
  await db
    .updateTable('device_export_jobs')
    .set({ written_rows: writtenRows, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function insertPart(db: Kysely<DB>, id: string, part: number, bytes: Buffer): Promise<void> {
  await db.insertInto('device_export_parts').values({ job_id: id, part, bytes }).execute();
}

export async function finishJob(db: Kysely<DB>, id: string, writtenRows: number, fileBytes: number): Promise<void> {
  await db
    .updateTable('device_export_jobs')
    .set({
      state: 'done',
      written_rows: writtenRows,
      total_rows: sql<number>`greatest(total_rows, ${writtenRows})`,
      file_bytes: fileBytes,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Marks the job failed and drops what it wrote. */
export async function failJob(db: Kysely<DB>, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('device_export_jobs')
      .set({ state: 'failed', updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('device_export_parts').where('job_id', '=', id).execute();
  });
}

/** The user's unexpired, not yet downloaded job in the company it was started in; undefined for any other alike. */
export async function findJob(
  db: Kysely<DB>,
  keyHash: string,
  userId: string,
  dealerId: string,
): Promise<ExportJobRow | undefined> {
  const row = await db
    .selectFrom('device_export_jobs')
    .select([
      'id',
      'total_rows as totalRows',
      'written_rows as writtenRows',
      'file_name as fileName',
      sql<
        ExportJobRow['state']
      >`case when state = 'running' and updated_at < now() - make_interval(secs => ${STALE_JOB_SECONDS}) then 'failed' else state end`.as(
        'state',
      ),
    ])
    .where('key_hash', '=', keyHash)
    .where('user_id', '=', userId)
    .where('dealer_id', '=', dealerId)
    .where('taken_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row;
}

/** Claims a finished job's one download: only the first claim of an unexpired job answers it. */
export async function claimDownload(
  db: Kysely<DB>,
  keyHash: string,
): Promise<{ id: string; fileName: string; fileBytes: number } | undefined> {
  const row = await db
    .updateTable('device_export_jobs')
    .set({ taken_at: sql<Date>`now()` })
    .where('key_hash', '=', keyHash)
    .where('state', '=', 'done')
    .where('taken_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['id', 'file_name', 'file_bytes'])
    .executeTakeFirst();
  return row && { id: row.id, fileName: row.file_name, fileBytes: Number(row.file_bytes) };
}

/** The parts of a job's file in order, one query (and one part in memory) at a time. */
export async function* readParts(db: Kysely<DB>, id: string): AsyncGenerator<Buffer> {
  for (let part = 0; ; part++) {
    const row = await db
      .selectFrom('device_export_parts')
      .select('bytes')
      .where('job_id', '=', id)
      .where('part', '=', part)
      .executeTakeFirst();
    if (!row) return;
    yield row.bytes;
  }
}

export async function deleteJob(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('device_export_jobs').where('id', '=', id).execute();
}
