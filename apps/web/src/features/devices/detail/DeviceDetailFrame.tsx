import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { useSearchUpdate } from '../../../app/useSearchUpdate.ts';
import { LoadFailedResult } from '../../../components/LoadFailedResult.tsx';
import { DeviceHeader } from './DeviceHeader.tsx';
import type { DeviceTab } from './detailTabs.tsx';
import { useDevice } from './deviceQueries.ts';
import { useDeviceLive } from './live/useDeviceLive.ts';
import { useShownLocale } from '../../../i18n/useShownLocale.ts';

/** A device detail page: a header with its status and actions, then its tabs chosen by the ?tab= query; live while open. */
export function DeviceDetailFrame({ tabs }: { tabs: readonly DeviceTab[] }) {
  const { t } = useTranslation();
  const { deviceId = '' } = useParams();
  const [search] = useSearchParams();
  const setSearch = useSearchUpdate();
  const device = useDevice(deviceId);
  // The answers are read again on a switch by the query client's rule; the live stream reopens in the new language.
  const language = useShownLocale();
  const live = useDeviceLive(deviceId, language);
  const activeKey = search.get('tab') ?? tabs[0]?.key;
  const client = useQueryClient();
  // Only the tab the page opens on: a tab chosen later reads its own data when it is shown.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => tabs.find((tab) => tab.key === activeKey)?.prefetch?.(client, deviceId, search), [deviceId]);
  if (device.isError) return <LoadFailedResult error={device.error} onRetry={() => void device.refetch()} />;
  if (!device.data) return <Spin />;
  return (
    <>
      <DeviceHeader device={device.data} live={live} />
      <Tabs
        activeKey={activeKey}
        // The other query parameters stay: a tab's choices kept there (the curve's points) are found again on return.
        onChange={(tab) =>
          setSearch(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', tab);
              return next;
            },
            { replace: true },
          )
        }
        destroyOnHidden
        items={tabs.map(({ key, labelKey, Component }) => ({
          key,
          label: <span data-testid={`device-tab-${key}`}>{t(labelKey)}</span>,
          children: <Component deviceId={deviceId} />,
        }))}
      />
    </>
  );
}
