import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OTA_CATALOG_CALLS, type OtaGeneration } from '@dcc/contract';
import { call } from '../../api/client.ts';
import { ServerSearchSelect, useServerSearch } from '../../components/ServerSearchSelect.tsx';

const PICKER_PAGE_SIZE = 50;
/** How close to the list's end (px) a scroll asks for the next page. */
const NEXT_PAGE_AT_PX = 40;

interface Props {
  generation: OtaGeneration;
  /** The chosen firmware's product: only its devices can take it. */
  productId: string;
  value?: string[];
  onChange?(value: string[]): void;
}

/**
 * The area's devices of the subtree (the server's OTA device list), of the firmware's product, found by part of
 * their IoT code and paged as the list scrolls: every device in scope can be chosen, not only a first page.
 */
export function DevicePicker({ generation, productId, value, onChange }: Props) {
  const { t } = useTranslation();
  const { searched, onSearch } = useServerSearch();
  const found = useInfiniteQuery({
    queryKey: ['otaDevicePicker', generation, productId, searched],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      call(OTA_CATALOG_CALLS[generation].listDevices, {
        deviceCode: searched,
        productId,
        pageIndex: pageParam,
        pageSize: PICKER_PAGE_SIZE,
      }),
    getNextPageParam: (last, pages) =>
      pages.length * PICKER_PAGE_SIZE < last.totalSize ? pages.length + 1 : undefined,
    placeholderData: keepPreviousData,
  });
  const loaded = found.data?.pages.flatMap((page) => page.list) ?? [];
  const total = found.data?.pages[0]?.totalSize ?? 0;
  const options = loaded.map((device) => ({
    value: device.deviceId,
    label: `${device.deviceCode} · ${device.softwareVersion || t('otaTasks.noVersion')}`,
  }));
  return (
    <ServerSearchSelect
      value={value}
      onChange={onChange}
      options={options}
      loading={found.isFetching}
      onSearch={onSearch}
      placeholder={t('otaTasks.pickerPlaceholder', { shown: loaded.length, total })}
      testId="ota-create-devices"
      onPopupScroll={(event) => {
        const list = event.currentTarget;
        if (list.scrollTop + list.clientHeight >= list.scrollHeight - NEXT_PAGE_AT_PX && found.hasNextPage)
          void found.fetchNextPage();
      }}
    />
  );
}
