import { DeviceDetailFrame } from './DeviceDetailFrame.tsx';
import { DEVICE_TABS } from './detailTabs.tsx';

/** deviceDetail: one protocol-point device, its tabs chosen by the ?tab= query. */
export default function DeviceDetailPage() {
  return <DeviceDetailFrame tabs={DEVICE_TABS} />;
}
