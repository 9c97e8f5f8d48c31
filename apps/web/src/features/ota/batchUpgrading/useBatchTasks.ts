import { useQuery } from '@tanstack/react-query';
import { ota4gCreateBatchTask, ota4gListFirmware, ota4gSetBatchEnabled } from '@dcc/contract';
import { call } from '../../../api/client.ts';
import { useListMutation } from '../../../components/list/index.ts';
import { otaListName } from '../area.ts';

/** The batch task list's name (remembered query, query cache). */
export const BATCH_LIST = otaListName('fourG', 'batch');

export const useCreateBatch = () =>
  useListMutation(BATCH_LIST, (body: { firmwareId: string; enabled: boolean }) => call(ota4gCreateBatchTask, body));

export const useSetBatchEnabled = () =>
  useListMutation(BATCH_LIST, (body: { batchId: string; enabled: boolean }) => call(ota4gSetBatchEnabled, body));

/** The 4G firmware the company may use that supports upgrades, as select options (newest first). */
export function useUpgradableFirmware(open: boolean) {
  const { data } = useQuery({
    queryKey: ['ota', 'fourG', 'firmwareChoices'],
    queryFn: () => call(ota4gListFirmware, { pageIndex: 1, pageSize: 999 }),
    enabled: open,
  });
  return (data?.list ?? [])
    .filter((f) => f.supportsUpgrade)
    .map((f) => ({ value: f.firmwareId, label: `${f.name} · ${f.productName} · ${f.version}` }));
}
