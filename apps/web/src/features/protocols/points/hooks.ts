import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addPoint,
  dataTypeOptions,
  deletePoint,
  ErrorCode,
  exportPoints,
  importPoints,
  listPoints,
  pointById,
  updatePoint,
  POINT_SORT_FIELDS,
  type PointFieldsInput,
} from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { STALE_VERSION_QUIET } from '../../../components/StaleVersionAlert.tsx';
import { uploadFileCall } from '../../../api/upload.ts';
import { sortRequest, type ListQuery } from '../../../components/list/index.ts';

/** The point list of one version (remembered query, query cache); history lists start with the same name. */
export const pointListName = (versionId: string) => `protocolPoints:${versionId}`;
const POINT_DETAIL_KEY = ['protocolPoint'] as const;

/** What the point search form filters by. */
export interface PointFilters {
  search: string;
  mode: '' | 'R' | 'W' | 'RW';
}

/** One page of a version's points. */
export function loadPoints(versionId: string, query: ListQuery<PointFilters>) {
  const { pageIndex, pageSize, search, mode } = query;
  return call(listPoints, { versionId, pageIndex, pageSize, search, mode, ...sortRequest(query, POINT_SORT_FIELDS) });
}

/** One point with every field. */
export function usePointDetail(pointId: string) {
  return useQuery({
    queryKey: [...POINT_DETAIL_KEY, pointId],
    queryFn: () => call(pointById, { pointId }),
    enabled: pointId !== '',
  });
}

/** Every data type, for the point editor's select. */
export function useDataTypeOptions() {
  return useQuery({ queryKey: ['dataTypeOptions'], queryFn: () => call(dataTypeOptions, {}) });
}

// A change of points moves the version's list and its history (list names starting 'protocol'), the point counts of the protocol detail and the point itself.
function usePointMutation<Variables, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
  refreshOn: 'success' | 'settled' = 'success',
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'list' && String(query.queryKey[1]).startsWith('protocol'),
      }),
      queryClient.invalidateQueries({ queryKey: POINT_DETAIL_KEY }),
      queryClient.invalidateQueries({ queryKey: ['protocolDetail'] }),
    ]);
  return useMutation(refreshOn === 'success' ? { mutationFn, onSuccess: refresh } : { mutationFn, onSettled: refresh });
}

/**
 * Adds a point to a version, or replaces the fields of an existing point read at `version`.
 * POINT_INVALID and STALE_VERSION are left to the caller to show.
 */
export function useSavePoint() {
  return usePointMutation(
    ({
      versionId,
      pointId,
      version,
      point,
    }: {
      versionId: string;
      pointId?: string;
      version?: number;
      point: PointFieldsInput;
    }) =>
      pointId
        ? call(
            updatePoint,
            { pointId, version: version ?? 0, point },
            { quietCodes: [ErrorCode.POINT_INVALID, ...STALE_VERSION_QUIET] },
          )
        : call(addPoint, { versionId, point }, { quietCodes: [ErrorCode.POINT_INVALID] }),
  );
}

/** Deletes a point read at `version`; the server refuses while other points reference it or after it changed (its message is toasted). */
export function useDeletePoint() {
  return usePointMutation(({ pointId, version }: { pointId: string; version: number }) =>
    call(deletePoint, { pointId, version }),
  );
}

/** Replaces a version's point table with an Excel file's; POINT_IMPORT_INVALID (with its problems) is left to the caller. */
export function useImportPoints() {
  return usePointMutation(
    ({ versionId, file }: { versionId: string; file: File }) =>
      uploadFileCall(importPoints, { versionId }, file, { quietCodes: [ErrorCode.POINT_IMPORT_INVALID] }),
    // A large file can outlast the client's timeout while the server still finishes: show the table as it is, whatever the answer.
    'settled',
  );
}

/** A version's whole point table as an .xlsx file. */
export function exportPointTable(versionId: string) {
  return call(exportPoints, { versionId });
}
