import { useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { productOptions, type OtaGeneration } from '@dcc/contract';
import { call } from '../../api/client.ts';

/** The 4G area's menu path; every other OTA page is of the second generation. */
export const OTA_4G_PATH = '/company/otaNewManage';

/** The OTA area of the page shown: its menu path tells (the pages are the same in both areas). */
export function useOtaArea(): OtaGeneration {
  return useLocation().pathname.startsWith(OTA_4G_PATH) ? 'fourG' : 'second';
}

/** The name of an area's list (remembered query, query cache), one per area. */
export const otaListName = (generation: OtaGeneration, list: string): string => `ota-${generation}-${list}`;

/** Every product as select options. */
export function useProductChoices(): { value: string; label: string }[] {
  const { data } = useQuery({
    queryKey: ['ota', 'productOptions'],
    queryFn: () => call(productOptions, {}),
    staleTime: 60_000,
  });
  return (data ?? []).map((p) => ({ value: p.id, label: p.name }));
}

/** A file size for people: bytes up to 1 KB, KB up to 1 MB, MB beyond. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
