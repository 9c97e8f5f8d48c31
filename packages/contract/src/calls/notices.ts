import { z } from 'zod';
import { multilineText } from '../text.ts';
import { CLOUD_API, defineCall } from '../call.ts';
import { Button } from '../permissions.ts';
import { recordVersionField, titleField } from '../validation.ts';

export const NOTICE_PAGE_SIZE = 999;

export const notice = z.object({
  noticeId: z.string(),
  noticeTitle: z.string(),
  noticeBody: z.string(),
  noticeStatus: z.union([z.literal(0), z.literal(1)]),
  createTime: z.string(),
});
export type Notice = z.infer<typeof notice>;

const pageIndex = z.coerce
  .number({ error: 'validation.page.index' })
  .int('validation.page.index')
  .min(1, 'validation.page.index')
  .default(1);
const pageSize = z.coerce
  .number({ error: 'validation.page.size' })
  .int('validation.page.size')
  .min(1, 'validation.page.size')
  .max(999, 'validation.page.size');

export const selectAllNotices = defineCall({
  path: `${CLOUD_API}/notice/selectAll`,
  description: "The signed-in account's notices, newest first; noticeStatus '' for all, 0 unread, 1 read.",
  auth: 'session',
  button: null,
  request: z
    .object({
      pageIndex,
      pageSize: pageSize.default(NOTICE_PAGE_SIZE),
      noticeStatus: z.union([z.literal(''), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).default(''),
    })
    .strict(),
  response: z.object({ list: z.array(notice), totalSize: z.number().int(), unreadCount: z.number().int() }),
});

export const updateNoticeAsRead = defineCall({
  path: `${CLOUD_API}/noticeStatus/updateNoticeAsRead`,
  description: "Marks one notice ('0' with noticeId) or all ('1') as read for the signed-in account.",
  auth: 'session',
  button: null,
  request: z
    .object({ noticeId: z.string().optional(), readAll: z.enum(['0', '1'], { error: 'validation.notice.readAll' }) })
    .strict()
    .refine((body) => body.readAll === '1' || (body.noticeId !== undefined && body.noticeId !== ''), {
      message: 'validation.notice.idRequired',
      path: ['noticeId'],
    }),
  response: z.object({ updated: z.number().int() }),
});

// Notice administration (System management > messageManage, button B213001).

export const noticeAdminItem = z.object({
  noticeId: z.string(),
  noticeTitle: z.string(),
  noticeBody: z.string(),
  createTime: z.string(),
  readCount: z.number().int(),
  /** The notice's version (optimistic concurrency): the edit and the delete send it back. */
  version: z.number().int(),
});

export const noticeEditable = z.object({
  noticeTitle: titleField.pipe(z.string().max(50, 'validation.title.max')),
  noticeBody: multilineText(
    z
      .string({ error: 'validation.notice.bodyRequired' })
      .trim()
      .min(1, 'validation.notice.bodyRequired')
      .max(2000, 'validation.notice.bodyMax'),
  ),
});

export const listNotices = defineCall({
  path: `${CLOUD_API}/notice/list`,
  description: 'Notices for administration, newest first, with a title search.',
  auth: 'session',
  button: Button.MESSAGES,
  request: z
    .object({ pageIndex, pageSize: pageSize.default(10), noticeTitle: z.string().max(50).default('') })
    .strict(),
  response: z.object({ list: z.array(noticeAdminItem), totalSize: z.number().int() }),
});

export const addNotice = defineCall({
  path: `${CLOUD_API}/notice/add`,
  description: 'Publishes a notice to every account.',
  auth: 'session',
  button: Button.MESSAGES,
  request: noticeEditable.strict(),
  response: noticeAdminItem,
});

export const updateNotice = defineCall({
  path: `${CLOUD_API}/notice/update`,
  description: 'Edits a notice; STALE_VERSION when it changed since it was read.',
  auth: 'session',
  button: Button.MESSAGES,
  request: noticeEditable
    .extend({ noticeId: z.string().min(1, 'validation.notice.idRequired'), version: recordVersionField })
    .strict(),
  response: noticeAdminItem,
});

export const deleteNotice = defineCall({
  path: `${CLOUD_API}/notice/delete`,
  description: 'Deletes a notice and its read marks; STALE_VERSION when it changed since it was read.',
  auth: 'session',
  button: Button.MESSAGES,
  request: z
    .object({ noticeId: z.string().min(1, 'validation.notice.idRequired'), version: recordVersionField })
    .strict(),
  response: z.null(),
});
