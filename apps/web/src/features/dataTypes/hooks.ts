import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDataType, deleteDataType, ErrorCode, listDataTypes, updateDataType, type CallRequest } from '@dcc/contract';
import { call } from '../../api/client.ts';
import { listQueryKey, type ListQuery } from '../../components/list/index.ts';

/** The data type list's name (remembered query, query cache). */
export const DATA_TYPE_LIST = 'dataTypeManage';
/** The list page's route. */
export const DATA_TYPE_PAGE = '/company/productManage/dataTypeManage';

export interface DataTypeFilters {
  dataTypeName: string;
}

/** The add/edit form's values. */
export type DataTypeDraft = CallRequest<typeof addDataType>;

/** One page of data types, in sort order (the server's only order). */
export function loadDataTypes(query: ListQuery<DataTypeFilters>) {
  const { pageIndex, pageSize, dataTypeName } = query;
  return call(listDataTypes, { pageIndex, pageSize, dataTypeName });
}

/** One data type by id (there is no by-id call: the data types are few, so one page of all of them is read). */
export function useDataType(dataTypeId: string) {
  return useQuery({
    queryKey: [...listQueryKey(DATA_TYPE_LIST), 'one', dataTypeId],
    queryFn: async () => {
      const all = await call(listDataTypes, { pageIndex: 1, pageSize: 999, dataTypeName: '' });
      return all.list.find((row) => row.dataTypeId === dataTypeId) ?? null;
    },
    enabled: dataTypeId !== '',
  });
}

function useDataTypeMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listQueryKey(DATA_TYPE_LIST) }),
  });
}

/** Creates a data type, or edits one when an id is given; a rule that does not parse comes back as FORMULA_INVALID (not toasted: the form shows it). */
export function useSaveDataType(dataTypeId: string | undefined) {
  const quiet = { quietCodes: [ErrorCode.FORMULA_INVALID] };
  return useDataTypeMutation((draft: DataTypeDraft) =>
    dataTypeId ? call(updateDataType, { ...draft, dataTypeId }, quiet) : call(addDataType, draft, quiet),
  );
}

/** Deletes a data type; the server refuses while points use it (its message is toasted). */
export function useDeleteDataType() {
  return useDataTypeMutation((dataTypeId: string) => call(deleteDataType, { dataTypeId }));
}
