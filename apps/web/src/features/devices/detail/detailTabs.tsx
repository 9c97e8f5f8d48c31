import type { ComponentType } from 'react';
import { HomeTab } from './home/HomeTab.tsx';
import { AllocationTab } from './info/AllocationTab.tsx';
import { BasicInfoTab } from './info/BasicInfoTab.tsx';
import { ParamsTab } from './params/ParamsTab.tsx';

/** What every tab of the device detail receives. */
export interface DeviceTabProps {
  deviceId: string;
}

/** One tab of deviceDetail: its catalog key, its component and, where the spec gates it, the call it needs. */
export interface DeviceTab {
  key: string;
  labelKey: string;
  Component: ComponentType<DeviceTabProps>;
}

/** The tabs of deviceDetail in the order the spec lists them (home, params, IoT card, behavior, faults, curve, operation log, communication log, basic info, allocation). */
export const DEVICE_TABS: readonly DeviceTab[] = [
  { key: 'home', labelKey: 'deviceDetail.tab.home', Component: HomeTab },
  { key: 'params', labelKey: 'deviceDetail.tab.params', Component: ParamsTab },
  { key: 'basicInfo', labelKey: 'deviceDetail.tab.basicInfo', Component: BasicInfoTab },
  { key: 'allocation', labelKey: 'deviceDetail.tab.allocation', Component: AllocationTab },
];
