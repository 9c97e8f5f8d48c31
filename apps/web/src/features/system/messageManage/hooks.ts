import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addNotice, deleteNotice, updateNotice, type CallRequest } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { listQueryKey } from '../../../components/list/index.ts';
import { noticesKey } from '../../notices/hooks.ts';

/** The notice list's name (remembered query, query cache). */
export const NOTICE_LIST = 'messageManage';
/** The form's values; noticeId and the version it was read at only when editing. */
export type NoticeDraft = CallRequest<typeof addNotice> & { noticeId?: string; version?: number };

function useRefreshNotices() {
  const queryClient = useQueryClient();
  // The header drawer shows the same notices: refresh both.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listQueryKey(NOTICE_LIST) }),
      queryClient.invalidateQueries({ queryKey: noticesKey }),
    ]);
}

/** Publishes a new notice, or edits one when the draft carries its id. */
export function useSaveNotice() {
  const refresh = useRefreshNotices();
  return useMutation({
    mutationFn: ({ noticeId, version, noticeTitle, noticeBody }: NoticeDraft) =>
      noticeId
        ? call(updateNotice, { noticeId, version: version ?? 0, noticeTitle, noticeBody })
        : call(addNotice, { noticeTitle, noticeBody }),
    onSuccess: refresh,
  });
}

/** Deletes a notice (read at `version`) and its read marks. */
export function useDeleteNotice() {
  const refresh = useRefreshNotices();
  return useMutation({
    mutationFn: ({ noticeId, version }: { noticeId: string; version: number }) =>
      call(deleteNotice, { noticeId, version }),
    onSuccess: refresh,
  });
}
