import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { DEVICE_TABS } from './detailTabs.tsx';

/** deviceDetail: one protocol-point device, its tabs chosen by the ?tab= query. */
export default function DeviceDetailPage() {
  const { t } = useTranslation();
  const { deviceId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const activeKey = search.get('tab') ?? DEVICE_TABS[0]?.key;
  return (
    <Tabs
      activeKey={activeKey}
      onChange={(tab) => setSearch({ tab }, { replace: true })}
      destroyOnHidden
      items={DEVICE_TABS.map(({ key, labelKey, Component }) => ({ key, label: t(labelKey), children: <Component deviceId={deviceId} /> }))}
    />
  );
}
