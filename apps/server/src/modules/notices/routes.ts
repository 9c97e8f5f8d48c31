import {
  ErrorCode,
  NoticeStatus,
  addNotice,
  deleteNotice,
  listNotices,
  selectAllNotices,
  updateNotice,
  updateNoticeAsRead,
} from '@dcc/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../http/app-error.ts';
import { route, scopedRoute, sessionOf, type CallRoute } from '../../http/call-route.ts';
import { RawJson } from '../../http/raw-json.ts';
import { NoticeCatalog } from './notice-catalog.ts';
import {
  deleteNoticeRow,
  findForAdmin,
  insertNotice,
  listForAdmin,
  markRead,
  updateNoticeText,
  type AdminNotice,
} from './repo.ts';

const paging = (pageIndex: number, pageSize: number) => ({ limit: pageSize, offset: (pageIndex - 1) * pageSize });

const adminItem = (notice: AdminNotice) => ({
  noticeId: notice.id,
  noticeTitle: notice.title,
  noticeBody: notice.body,
  createTime: notice.created_at.toISOString(),
  readCount: notice.read_count,
  version: notice.version,
});

async function adminItemOf(db: Kysely<DB>, noticeId: string) {
  const notice = await findForAdmin(db, noticeId);
  if (!notice) fail(ErrorCode.NOT_FOUND);
  return adminItem(notice);
}

/** The message drawer (own notices, read marks) and notice administration (button B213001). */
export function noticeRoutes(database: Database): CallRoute[] {
  const { db } = database;
  const catalog = new NoticeCatalog(database);
  return [
    route(selectAllNotices, async (input, ctx) => {
      const read = input.noticeStatus === '' ? null : Number(input.noticeStatus) === NoticeStatus.READ;
      return new RawJson(
        await catalog.pageFor(sessionOf(ctx).userId, { read, ...paging(input.pageIndex, input.pageSize) }),
      );
    }),
    route(updateNoticeAsRead, async (input, ctx) => {
      const updated = await markRead(db, sessionOf(ctx).userId, input.readAll === '1' ? null : (input.noticeId ?? ''));
      if (updated === null) fail(ErrorCode.NOT_FOUND);
      return { updated };
    }),
    route(listNotices, async (input) => {
      const page = await listForAdmin(db, input.noticeTitle.trim(), paging(input.pageIndex, input.pageSize));
      return { list: page.list.map(adminItem), totalSize: page.totalSize };
    }),
    scopedRoute(addNotice, async (input, ctx) =>
      adminItemOf(db, await insertNotice(db, input.noticeTitle, input.noticeBody, ctx.actor.userId)),
    ),
    route(updateNotice, async (input) => {
      if (!(await updateNoticeText(db, input.noticeId, input.version, input.noticeTitle, input.noticeBody)))
        fail(ErrorCode.NOT_FOUND);
      return adminItemOf(db, input.noticeId);
    }),
    route(deleteNotice, async (input) => {
      if (!(await deleteNoticeRow(db, input.noticeId, input.version))) fail(ErrorCode.NOT_FOUND);
      return null;
    }),
  ];
}
