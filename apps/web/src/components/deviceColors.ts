import type { DeviceStatusValue, FaultType } from '@dcc/contract';

/** The tag colour of each device status, wherever a status is shown (list, detail, status history). */
export const DEVICE_STATUS_COLORS: Record<DeviceStatusValue, string> = {
  ONLINE: 'green',
  OFFLINE: 'default',
  UNACTIVE: 'orange',
};

/** The tag colour of each fault type; a fault level is shown in its type's colour (faultTypeOf). */
export const FAULT_TYPE_COLORS: Record<FaultType, string> = { heavy: 'red', light: 'orange', statistics: 'default' };
