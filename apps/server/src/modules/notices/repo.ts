import { sql, type Kysely } from 'kysely';
import { isIdText } from '../../auth/permission-repo.ts';
import { assertVersionMatched, nextVersion } from '../../db/record-version.ts';
import type { DB } from '../../db/schema.ts';

/** Notices are platform-wide: every account sees every notice, with its own read marks. */

export interface NoticePage<T> {
  list: T[];
  totalSize: number;
}

export interface Paging {
  limit: number;
  offset: number;
}

/** Marks one notice (or all when noticeId is null) as read; answers how many became read, or null for an unknown notice. */
export async function markRead(db: Kysely<DB>, userId: string, noticeId: string | null): Promise<number | null> {
  if (noticeId !== null) {
    if (!isIdText(noticeId)) return null;
    const exists = await db.selectFrom('notices').select('id').where('id', '=', noticeId).executeTakeFirst();
    if (!exists) return null;
  }
  const inserted = await sql<{ notice_id: string }>`
    insert into notice_reads (notice_id, user_id)
    select n.id, ${userId} from notices n where ${noticeId}::bigint is null or n.id = ${noticeId}::bigint
    on conflict do nothing
    returning notice_id`.execute(db);
  return inserted.rows.length;
}

export interface AdminNotice {
  id: string;
  title: string;
  body: string;
  created_at: Date;
  read_count: number;
  version: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Notices for administration, newest first, with how many accounts have read each. */
export async function listForAdmin(
  db: Kysely<DB>,
  titleSearch: string,
  paging: Paging,
): Promise<NoticePage<AdminNotice>> {
  const pattern = `%${escapeLike(titleSearch)}%`;
  const result = await sql<AdminNotice & { total: number }>`
    select n.id, n.title, n.body, n.created_at, n.version,
      (select count(*) from notice_reads r where r.notice_id = n.id)::int as read_count,
      count(*) over ()::int as total
    from notices n
    where n.title ilike ${pattern}
    order by n.created_at desc, n.id desc
    limit ${paging.limit} offset ${paging.offset}`.execute(db);
  const total = result.rows[0]?.total ?? (paging.offset > 0 ? await countTitled(db, pattern) : 0);
  return { list: result.rows, totalSize: total };
}

async function countTitled(db: Kysely<DB>, pattern: string): Promise<number> {
  const result = await sql<{
    total: number;
  }>`select count(*)::int as total from notices where title ilike ${pattern}`.execute(db);
  return result.rows[0]?.total ?? 0;
}

/** One notice for administration, or undefined. */
export async function findForAdmin(db: Kysely<DB>, noticeId: string): Promise<AdminNotice | undefined> {
  if (!isIdText(noticeId)) return undefined;
  const result = await sql<AdminNotice>`
    select n.id, n.title, n.body, n.created_at, n.version, (select count(*) from notice_reads r where r.notice_id = n.id)::int as read_count
    from notices n where n.id = ${noticeId}`.execute(db);
  return result.rows[0];
}

export async function insertNotice(db: Kysely<DB>, title: string, body: string, authorId: string): Promise<string> {
  const row = await db
    .insertInto('notices')
    .values({ title, body, created_by: authorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Locks a notice until the transaction ends; false when it does not exist. */
async function lockNotice(trx: Kysely<DB>, noticeId: string): Promise<boolean> {
  if (!isIdText(noticeId)) return false;
  return (
    (await trx.selectFrom('notices').select('id').where('id', '=', noticeId).forUpdate().executeTakeFirst()) !==
    undefined
  );
}

/** Edits the notice read at `version`; false when it does not exist, STALE_VERSION when it changed since. */
export async function updateNoticeText(
  db: Kysely<DB>,
  noticeId: string,
  version: number,
  title: string,
  body: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockNotice(trx, noticeId))) return false;
    const result = await trx
      .updateTable('notices')
      .set({ title, body, updated_at: sql`now()`, ...nextVersion })
      .where('id', '=', noticeId)
      .where('version', '=', version)
      .executeTakeFirst();
    assertVersionMatched(result);
    return true;
  });
}

/** Deletes the notice read at `version`; false when it does not exist, STALE_VERSION when it changed since. */
export async function deleteNoticeRow(db: Kysely<DB>, noticeId: string, version: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockNotice(trx, noticeId))) return false;
    assertVersionMatched(
      await trx.deleteFrom('notices').where('id', '=', noticeId).where('version', '=', version).executeTakeFirst(),
    );
    return true;
  });
}
