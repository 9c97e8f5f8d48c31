export { VirtualDevice, DEFAULT_REPORT_INTERVAL_MS, DEFAULT_HEARTBEAT_INTERVAL_MS } from './virtual-device.ts';
export type { VirtualDeviceOptions } from './virtual-device.ts';
export { PRODUCT_KINDS } from './identity.ts';
export type { DeviceIdentity, ProductKind } from './identity.ts';
export { MISBEHAVIOURS, isMisbehaviour } from './misbehaviour.ts';
export type { Misbehaviour } from './misbehaviour.ts';
export type { SimStats } from './stats.ts';
