// The public surface of the devices module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export type { DeviceAccess } from './access-routes.ts';
export { deviceListCondition } from './device-filter-sql.ts';
export { listReaderOf } from './filter-points.ts';
export { offlineTexts } from './offline-texts.ts';
export {
  countDevices,
  countDevicesUpTo,
  deviceCodeTaken,
  findDevice,
  insertDevice,
  listDevicePage,
  scopedDevices,
  selectItem,
  toDevice,
} from './repo.ts';
export { newDeviceSecret, secretBox, type SecretBox } from './secret-box.ts';
export {
  deviceInScope,
  findDeviceInScope,
  deviceRowOf,
  devicesInScope,
  devicesOfScope,
  type DeviceInScope,
  writtenDevice,
} from './device-in-scope.ts';
