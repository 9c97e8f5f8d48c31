import { NoticeStatus } from '@dcc/contract';
import { sql } from 'kysely';
import type { Database, PreparedStatement } from '../../db/database.ts';

interface ReadState {
  revision: string;
  read_ids: string[] | null;
}

interface RenderedNotice {
  id: string;
  /** The notice as UTF-8 JSON, once per read state. */
  unread: Buffer;
  read: Buffer;
}

const COMMA = Buffer.from(',');

export interface OwnNoticeQuery {
  read: boolean | null;
  limit: number;
  offset: number;
}

const READ_STATE: PreparedStatement = {
  name: 'notice_read_state',
  text: `
    select (select value from settings where key = 'notices_revision') as revision,
      (select array_agg(notice_id::text) from notice_reads where user_id = $1) as read_ids`,
};

const render = (row: { id: string; title: string; body: string; created_at: Date }, status: number) =>
  Buffer.from(
    JSON.stringify({
      noticeId: row.id,
      noticeTitle: row.title,
      noticeBody: row.body,
      noticeStatus: status,
      createTime: row.created_at.toISOString(),
    }),
  );

/**
 * The platform-wide notices rendered once and kept in memory, checked against the revision
 * that a trigger bumps on every change (so several servers stay correct). The message drawer
 * asks for all notices on every page load; per call only the revision and the account's read
 * marks are read from the database.
 */
export class NoticeCatalog {
  #revision: string | null = null;
  #notices: RenderedNotice[] = [];
  #loading: Promise<void> | null = null;

  constructor(private readonly database: Database) {}

  /** One page of the account's notices as the contract's JSON (UTF-8). */
  async pageFor(userId: string, query: OwnNoticeQuery): Promise<Buffer> {
    const [{ revision, read_ids: readIds }] = (await this.database.prepared<ReadState>(READ_STATE, [userId])) as [
      ReadState,
    ];
    // A reload already under way may have started before this revision: then load once more.
    for (let attempt = 0; attempt < 2 && this.#isOlderThan(revision); attempt += 1) await this.#reload();
    const read = new Set(readIds ?? []);
    const matching =
      query.read === null ? this.#notices : this.#notices.filter((notice) => read.has(notice.id) === query.read);
    const unreadCount = this.#notices.reduce((count, notice) => count + (read.has(notice.id) ? 0 : 1), 0);
    const parts: Buffer[] = [Buffer.from('{"list":[')];
    for (const [index, notice] of matching.slice(query.offset, query.offset + query.limit).entries()) {
      if (index > 0) parts.push(COMMA);
      parts.push(read.has(notice.id) ? notice.read : notice.unread);
    }
    parts.push(Buffer.from(`],"totalSize":${matching.length},"unreadCount":${unreadCount}}`));
    return Buffer.concat(parts);
  }

  #isOlderThan(revision: string): boolean {
    return this.#revision === null || BigInt(this.#revision) < BigInt(revision);
  }

  #reload(): Promise<void> {
    // Concurrent calls that find the cache stale share one reload.
    this.#loading ??= (async () => {
      try {
        // One statement, so the notices and the revision belong to the same snapshot.
        const result = await sql<{
          id: string | null;
          title: string;
          body: string;
          created_at: Date;
          revision: string;
        }>`
          select n.id, n.title, n.body, n.created_at, r.value as revision
          from (select value from settings where key = 'notices_revision') r
          left join notices n on true
          order by n.created_at desc, n.id desc`.execute(this.database.db);
        const rows = result.rows.filter((row): row is typeof row & { id: string } => row.id !== null);
        this.#notices = rows.map((row) => ({
          id: row.id,
          unread: render(row, NoticeStatus.UNREAD),
          read: render(row, NoticeStatus.READ),
        }));
        this.#revision = result.rows[0]?.revision ?? null;
      } finally {
        this.#loading = null;
      }
    })();
    return this.#loading;
  }
}
