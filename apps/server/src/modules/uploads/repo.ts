import { ErrorCode } from '@dcc/contract';
import { sql, type Generated, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { isMember } from '../dealers/index.ts';

/** Migration 012. */
type UploadTables = {
  uploads: {
    id: string;
    dealer_id: string | null;
    user_id: string;
    extension: string;
    size: number;
    bytes: Buffer;
    created_at: Generated<Date>;
  };
};
const uploadsDb = (db: Kysely<DB>) => db.withTables<UploadTables>();

export interface StoredUpload {
  id: string;
  dealerId: string | null;
  userId: string;
  extension: string;
}

/** The company among the caller's own (enabled) memberships, or null when it is not one of them. */
export async function memberCompany(db: Kysely<DB>, userId: string, dealerId: string | null): Promise<string | null> {
  return dealerId !== null && (await isMember(db, userId, dealerId)) ? dealerId : null;
}

/**
 * Stores an upload unless it would take its company (or, with no company, its uploader) over
 * `quotaBytes`; the owner's row is locked so that parallel uploads cannot pass the cap together.
 */
export async function insertUpload(
  db: Kysely<DB>,
  upload: StoredUpload & { bytes: Buffer },
  quotaBytes: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const t = uploadsDb(trx);
    if (upload.dealerId !== null)
      await trx.selectFrom('dealers').select('id').where('id', '=', upload.dealerId).forUpdate().execute();
    else await trx.selectFrom('users').select('id').where('id', '=', upload.userId).forUpdate().execute();
    let used = t.selectFrom('uploads').select(sql<string>`coalesce(sum(size), 0)`.as('used'));
    used =
      upload.dealerId !== null
        ? used.where('dealer_id', '=', upload.dealerId)
        : used.where('dealer_id', 'is', null).where('user_id', '=', upload.userId);
    const { used: bytesUsed } = await used.executeTakeFirstOrThrow();
    if (Number(bytesUsed) + upload.bytes.length > quotaBytes)
      fail(ErrorCode.UPLOAD_QUOTA_EXCEEDED, { max: Math.floor(quotaBytes / 1024 / 1024) });
    await t
      .insertInto('uploads')
      .values({
        id: upload.id,
        dealer_id: upload.dealerId,
        user_id: upload.userId,
        extension: upload.extension,
        size: upload.bytes.length,
        bytes: upload.bytes,
      })
      .execute();
  });
}

export async function findUpload(db: Kysely<DB>, id: string): Promise<StoredUpload | undefined> {
  const row = await uploadsDb(db)
    .selectFrom('uploads')
    .select(['id', 'dealer_id', 'user_id', 'extension'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { id: row.id, dealerId: row.dealer_id, userId: row.user_id, extension: row.extension };
}

export async function uploadBytes(
  db: Kysely<DB>,
  id: string,
): Promise<{ extension: string; bytes: Buffer } | undefined> {
  const row = await uploadsDb(db)
    .selectFrom('uploads')
    .select(['extension', 'bytes'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { extension: row.extension, bytes: row.bytes };
}

/**
 * Which of the uploads (by id and stored URL) the account may see: its own uploads; those of a
 * company in the subtree of one of its companies; its own avatar and the avatars of members of
 * those companies; the licence of one of its companies; product pictures (the catalog is read by
 * every company); the photos of a project owned by a company of that subtree (an ancestor may have
 * uploaded them for it).
 */
export async function visibleUploadIds(
  db: Kysely<DB>,
  userId: string,
  wanted: ReadonlyArray<{ id: string; url: string }>,
): Promise<Set<string>> {
  if (wanted.length === 0) return new Set();
  const ids = wanted.map((w) => w.id);
  const rows = await sql<{ id: string }>`
    with mine as (
      select d.path from members m join dealers d on d.id = m.dealer_id and dealer_open(d.path) where m.user_id = ${userId}
    ), wanted as (
      select u.id, '/uploads/' || u.id || '.' || u.extension as url, u.dealer_id, u.user_id
      from uploads u where u.id = any(${sql.val(ids)}::uuid[])
    )
    select w.id::text as id from wanted w
    where w.user_id = ${userId}
      or exists (select 1 from dealers d join mine on d.path like mine.path || '%' where d.id = w.dealer_id)
      or exists (select 1 from users a where a.img = w.url and a.id = ${userId})
      or exists (
        select 1 from users a join members am on am.user_id = a.id join dealers ad on ad.id = am.dealer_id join mine on ad.path like mine.path || '%'
        where a.img = w.url)
      or exists (select 1 from dealers ld join mine on mine.path like ld.path || '%' where ld.licence_img = w.url)
      or exists (select 1 from products p where p.image = w.url)
      or exists (
        select 1 from project_photos pp join projects pj on pj.id = pp.project_id join dealers pd on pd.id = pj.dealer_id
        join mine on pd.path like mine.path || '%'
        where pp.upload_id = w.id)
  `.execute(db);
  return new Set(rows.rows.map((row) => row.id));
}
