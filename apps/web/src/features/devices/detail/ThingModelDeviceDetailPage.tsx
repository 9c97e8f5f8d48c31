import { DeviceDetailFrame } from './DeviceDetailFrame.tsx';
import { ALLOCATION_TAB, BASIC_INFO_TAB, HOME_TAB, type DeviceTab } from './detailTabs.tsx';
import { EventsTab, PropertiesTab, ServicesTab } from './thingModel/ThingModelTabs.tsx';

/** The tabs of thingModelDeviceDetail: the published model's properties (live), events and services, and the device's own tabs. */
const THING_MODEL_TABS: readonly DeviceTab[] = [
  HOME_TAB,
  { key: 'properties', labelKey: 'deviceDetail.tab.properties', Component: PropertiesTab },
  { key: 'events', labelKey: 'deviceDetail.tab.events', Component: EventsTab },
  { key: 'services', labelKey: 'deviceDetail.tab.services', Component: ServicesTab },
  BASIC_INFO_TAB,
  ALLOCATION_TAB,
];

/** thingModelDeviceDetail: a device of an Alink (thing-model) product. */
export default function ThingModelDeviceDetailPage() {
  return <DeviceDetailFrame tabs={THING_MODEL_TABS} />;
}
