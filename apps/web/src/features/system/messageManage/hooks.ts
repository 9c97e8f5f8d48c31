import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addNotice, deleteNotice, listNotices, updateNotice, type CallRequest } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { noticesKey } from '../../notices/hooks.ts';

/** What the notice list asks for: page, page size and the title search. */
export interface NoticeListQuery {
  pageIndex: number;
  pageSize: number;
  noticeTitle: string;
}
export type NoticeDraft = CallRequest<typeof addNotice> & { noticeId?: string };

const adminKey = ['noticeAdmin'] as const;

/** One page of notices for administration, with the title search. */
export function useNoticeAdminList(query: NoticeListQuery) {
  return useQuery({ queryKey: [...adminKey, query], queryFn: () => call(listNotices, query), placeholderData: keepPreviousData });
}

function useRefreshNotices() {
  const queryClient = useQueryClient();
  // The header drawer shows the same notices: refresh both.
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKey }), queryClient.invalidateQueries({ queryKey: noticesKey })]);
}

/** Publishes a new notice, or edits one when the draft carries its id. */
export function useSaveNotice() {
  const refresh = useRefreshNotices();
  return useMutation({
    mutationFn: ({ noticeId, noticeTitle, noticeBody }: NoticeDraft) =>
      noticeId ? call(updateNotice, { noticeId, noticeTitle, noticeBody }) : call(addNotice, { noticeTitle, noticeBody }),
    onSuccess: refresh,
  });
}

/** Deletes a notice and its read marks. */
export function useDeleteNotice() {
  const refresh = useRefreshNotices();
  return useMutation({ mutationFn: (noticeId: string) => call(deleteNotice, { noticeId }), onSuccess: refresh });
}
