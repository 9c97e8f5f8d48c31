import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addProtocol,
  addProtocolVersion,
  deleteProtocol,
  deleteProtocolVersion,
  listProtocols,
  protocolById,
  protocolOptions,
  updateProtocol,
  updateProtocolVersion,
  PROTOCOL_SORT_FIELDS,
} from '@dcc/contract';
import { call } from '../../api/client.ts';
import { listQueryKey, sortRequest, type ListQuery } from '../../components/list/index.ts';
import { useShownLocale } from '../../i18n/useShownLocale.ts';

/** The protocol list's name (remembered query, query cache). */
export const PROTOCOL_LIST = 'protocalManage';
const DETAIL_KEY = ['protocolDetail'] as const;
/** Query key of every protocol with its versions (product form, frame inspector). */
export const PROTOCOL_OPTIONS_KEY = ['protocolOptions'] as const;

/** What the protocol search form filters by. */
export interface ProtocolFilters {
  protocolName: string;
  protocolCode: string;
}

/** The add/edit form's values; protocolId and the record version it was read at only when editing, versionName only when adding. */
export interface ProtocolDraft {
  protocolId?: string;
  version?: number;
  protocolName: string;
  protocolEnName: string;
  protocolCode: string;
  description: string;
  versionName?: string;
}

/** The version form's values; versionId only when renaming, copyFromVersionId only when adding. */
export interface VersionDraft {
  versionId?: string;
  versionName: string;
  description: string;
  copyFromVersionId?: string;
}

/** One page of protocols. */
export function loadProtocols(query: ListQuery<ProtocolFilters>) {
  const { pageIndex, pageSize, protocolName, protocolCode } = query;
  return call(listProtocols, {
    pageIndex,
    pageSize,
    protocolName,
    protocolCode,
    ...sortRequest(query, PROTOCOL_SORT_FIELDS),
  });
}

/** One protocol with its versions, newest first. */
export function useProtocolDetail(protocolId: string) {
  return useQuery({
    queryKey: [...DETAIL_KEY, protocolId],
    queryFn: () => call(protocolById, { protocolId }),
    enabled: protocolId !== '',
  });
}

/** Every protocol with its versions, for selects. */
export function useProtocolOptions() {
  const locale = useShownLocale();
  return useQuery({ queryKey: [...PROTOCOL_OPTIONS_KEY, locale], queryFn: () => call(protocolOptions, {}) });
}

function useProtocolMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  // The list, the detail and every select of protocols show the change.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listQueryKey(PROTOCOL_LIST) }),
      queryClient.invalidateQueries({ queryKey: DETAIL_KEY }),
      queryClient.invalidateQueries({ queryKey: PROTOCOL_OPTIONS_KEY }),
    ]);
  return useMutation({ mutationFn, onSuccess: refresh });
}

/** Creates a protocol with its first version, or edits one when the draft carries its id. */
export function useSaveProtocol() {
  return useProtocolMutation(
    ({ protocolId, version, protocolName, protocolEnName, protocolCode, description, versionName }: ProtocolDraft) =>
      protocolId
        ? call(updateProtocol, {
            protocolId,
            version: version ?? 0,
            protocolName,
            protocolEnName,
            protocolCode,
            description,
          })
        : call(addProtocol, { protocolName, protocolEnName, protocolCode, description, versionName }),
  );
}

/** Deletes a protocol read at `version`; the server refuses while products use it or after it changed (its message is toasted). */
export function useDeleteProtocol() {
  return useProtocolMutation(({ protocolId, version }: { protocolId: string; version: number }) =>
    call(deleteProtocol, { protocolId, version }),
  );
}

/** Adds a version of a protocol (optionally copying another version's points), or renames one when the draft carries its id. */
export function useSaveVersion(protocolId: string) {
  return useProtocolMutation(({ versionId, versionName, description, copyFromVersionId }: VersionDraft) =>
    versionId
      ? call(updateProtocolVersion, { versionId, versionName, description })
      : call(addProtocolVersion, { protocolId, versionName, description, copyFromVersionId }),
  );
}

/** Deletes a version with its points; the last version of a protocol is refused by the server. */
export function useDeleteVersion() {
  return useProtocolMutation((versionId: string) => call(deleteProtocolVersion, { versionId }));
}
