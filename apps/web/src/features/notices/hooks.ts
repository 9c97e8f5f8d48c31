import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTICE_PAGE_SIZE, NoticeStatus, selectAllNotices, updateNoticeAsRead } from '@dcc/contract';
import { call } from '../../api/client.ts';

export const noticesKey = ['notices'] as const;

/** The account's notices (page 1, size 999, all statuses) and how many are unread. */
export function useNotices() {
  return useQuery({
    queryKey: noticesKey,
    queryFn: () => call(selectAllNotices, { pageIndex: 1, pageSize: NOTICE_PAGE_SIZE, noticeStatus: '' }),
    select: (page) => ({
      list: page.list,
      unread: page.list.filter((notice) => notice.noticeStatus === NoticeStatus.UNREAD).length,
    }),
    refetchInterval: 60_000,
  });
}

/** Marks one notice (noticeId) or, without one, all notices as read. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noticeId?: string) =>
      call(updateNoticeAsRead, noticeId ? { noticeId, readAll: '0' } : { readAll: '1' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}
