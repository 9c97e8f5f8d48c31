import { useQuery } from '@tanstack/react-query';
import { listPointHistory, pointHistoryById, type PointAction } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import type { ListQuery } from '../../../components/list/index.ts';

/** The history list of one version; starts with 'protocol' so point changes refresh it. */
export const historyListName = (versionId: string) => `protocolPointHistory:${versionId}`;

/** What the history search form filters by. */
export interface HistoryFilters {
  search: string;
  action: '' | PointAction;
}

/** One page of a version's point history, newest first. */
export function loadHistory(versionId: string, query: ListQuery<HistoryFilters>) {
  const { pageIndex, pageSize, search, action } = query;
  return call(listPointHistory, { versionId, pageIndex, pageSize, search, action });
}

/** One history entry with its field-by-field changes. */
export function useHistoryDetail(historyId: string) {
  return useQuery({
    queryKey: ['pointHistoryDetail', historyId],
    queryFn: () => call(pointHistoryById, { historyId }),
    enabled: historyId !== '',
  });
}
