/** Query keys of one device's detail: every key starts with deviceDetailKey(deviceId), so a resync refetches them all. */
export const deviceDetailKey = (deviceId: string) => ['device', deviceId] as const;
export const deviceKey = (deviceId: string) => [...deviceDetailKey(deviceId), 'record'] as const;
export const deviceValuesKey = (deviceId: string) => [...deviceDetailKey(deviceId), 'values'] as const;
export const currentFaultsKey = (deviceId: string) => [...deviceDetailKey(deviceId), 'currentFaults'] as const;
