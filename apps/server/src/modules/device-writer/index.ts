// The public surface of the device-writer module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export type { Acting, ChangeLog, WrittenDevice } from './change-log.ts';
export {
  bindDeviceSn,
  linkChild,
  moveDeviceMac,
  releaseCustomerDevices,
  setDeviceCustomer,
  unbindDeviceSn,
  unlinkChild,
  type Binder,
} from './device-bindings.ts';
export { deleteDevices, insertDevices, moveDealerDevices, setSoftwareVersions, updateDevice } from './device-rows.ts';
export { deleteFreeMac, insertFreeMacs } from './mac-pool.ts';
