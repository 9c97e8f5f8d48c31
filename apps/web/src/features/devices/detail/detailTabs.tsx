import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { HomeTab } from './home/HomeTab.tsx';
import { AllocationTab } from './info/AllocationTab.tsx';
import { BasicInfoTab } from './info/BasicInfoTab.tsx';
import { ParamsTab } from './params/ParamsTab.tsx';
import BehaviorTab from './tabs/BehaviorTab.tsx';
import CurveTab from './tabs/CurveTab.tsx';
import { prefetchCurve } from './tabs/curvePrefetch.ts';
import FaultsTab from './tabs/FaultsTab.tsx';
import IotCardTab from './tabs/IotCardTab.tsx';
import OperationLogTab from './tabs/OperationLogTab.tsx';
import PacketLogTab from './tabs/PacketLogTab.tsx';
import TimeTravelTab from './tabs/TimeTravelTab.tsx';

/** What every tab of the device detail receives. */
export interface DeviceTabProps {
  deviceId: string;
}

/** One tab of deviceDetail: its catalog key, its component and, where the spec gates it, the call it needs. */
export interface DeviceTab {
  key: string;
  labelKey: string;
  Component: ComponentType<DeviceTabProps>;
  /** Starts what the tab will read when the page opens on it, while the device's record is still read. */
  prefetch?(client: QueryClient, deviceId: string, search: URLSearchParams): void;
}

/** Tabs both detail pages show (deviceDetail and thingModelDeviceDetail). */
export const HOME_TAB: DeviceTab = { key: 'home', labelKey: 'deviceDetail.tab.home', Component: HomeTab };
export const BASIC_INFO_TAB: DeviceTab = {
  key: 'basicInfo',
  labelKey: 'deviceDetail.tab.basicInfo',
  Component: BasicInfoTab,
};
export const ALLOCATION_TAB: DeviceTab = {
  key: 'allocation',
  labelKey: 'deviceDetail.tab.allocation',
  Component: AllocationTab,
};

/** The tabs of deviceDetail in the order the spec lists them (home, params, IoT card, behavior, faults, curve, operation log, communication log, basic info, allocation). */
export const DEVICE_TABS: readonly DeviceTab[] = [
  HOME_TAB,
  { key: 'params', labelKey: 'deviceDetail.tab.params', Component: ParamsTab },
  { key: 'iotCard', labelKey: 'deviceHistory.tabs.iotCard', Component: IotCardTab },
  { key: 'behavior', labelKey: 'deviceHistory.tabs.behavior', Component: BehaviorTab },
  { key: 'faults', labelKey: 'deviceHistory.tabs.faults', Component: FaultsTab },
  { key: 'curve', labelKey: 'deviceHistory.tabs.curve', Component: CurveTab, prefetch: prefetchCurve },
  { key: 'operationLog', labelKey: 'deviceHistory.tabs.operationLog', Component: OperationLogTab },
  { key: 'communicationLog', labelKey: 'deviceHistory.tabs.communicationLog', Component: PacketLogTab },
  BASIC_INFO_TAB,
  ALLOCATION_TAB,
  { key: 'timeTravel', labelKey: 'deviceHistory.tabs.timeTravel', Component: TimeTravelTab },
];
