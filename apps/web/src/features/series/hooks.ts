import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addSeries, deleteSeries, listSeries, updateSeries, SERIES_SORT_FIELDS } from '@dcc/contract';
import { call } from '../../api/client.ts';
import { listQueryKey, sortRequest, type ListQuery } from '../../components/list/index.ts';

/** The series list's name (remembered query, query cache). */
export const SERIES_LIST = 'seriesManage';
/** The query key of the series select of the product forms. */
export const SERIES_OPTIONS_KEY = ['catalog', 'seriesOptions'] as const;

export interface SeriesFilters {
  seriesName: string;
}

/** The add/edit form's values; seriesId only when editing. */
export interface SeriesDraft {
  seriesId?: string;
  seriesName: string;
  seriesEnName: string;
}

/** One page of series. */
export function loadSeries(query: ListQuery<SeriesFilters>) {
  const { pageIndex, pageSize, seriesName } = query;
  return call(listSeries, { pageIndex, pageSize, seriesName, ...sortRequest(query, SERIES_SORT_FIELDS) });
}

function useSeriesMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  // The product forms' series select lists the same series.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listQueryKey(SERIES_LIST) }),
      queryClient.invalidateQueries({ queryKey: SERIES_OPTIONS_KEY }),
    ]);
  return useMutation({ mutationFn, onSuccess: refresh });
}

/** Creates a series, or renames one when the draft carries its id. */
export function useSaveSeries() {
  return useSeriesMutation(({ seriesId, seriesName, seriesEnName }: SeriesDraft) =>
    seriesId
      ? call(updateSeries, { seriesId, seriesName, seriesEnName })
      : call(addSeries, { seriesName, seriesEnName }),
  );
}

/** Deletes a series; the server refuses while products use it (its message is toasted). */
export function useDeleteSeries() {
  return useSeriesMutation((seriesId: string) => call(deleteSeries, { seriesId }));
}
