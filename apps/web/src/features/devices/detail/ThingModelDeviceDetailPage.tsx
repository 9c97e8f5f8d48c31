import { DeviceDetailFrame } from './DeviceDetailFrame.tsx';
import type { DeviceTab } from './detailTabs.tsx';
import { HomeTab } from './home/HomeTab.tsx';
import { AllocationTab } from './info/AllocationTab.tsx';
import { BasicInfoTab } from './info/BasicInfoTab.tsx';
import { EventsTab, PropertiesTab, ServicesTab } from './thingModel/ThingModelTabs.tsx';

/** The tabs of thingModelDeviceDetail: the published model's properties (live), events and services, and the device's own tabs. */
const THING_MODEL_TABS: readonly DeviceTab[] = [
  { key: 'home', labelKey: 'deviceDetail.tab.home', Component: HomeTab },
  { key: 'properties', labelKey: 'deviceDetail.tab.properties', Component: PropertiesTab },
  { key: 'events', labelKey: 'deviceDetail.tab.events', Component: EventsTab },
  { key: 'services', labelKey: 'deviceDetail.tab.services', Component: ServicesTab },
  { key: 'basicInfo', labelKey: 'deviceDetail.tab.basicInfo', Component: BasicInfoTab },
  { key: 'allocation', labelKey: 'deviceDetail.tab.allocation', Component: AllocationTab },
];

/** thingModelDeviceDetail: a device of an Alink (thing-model) product. */
export default function ThingModelDeviceDetailPage() {
  return <DeviceDetailFrame tabs={THING_MODEL_TABS} />;
}
