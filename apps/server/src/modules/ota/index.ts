// The public surface of the ota module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { startOta, type OtaDeps } from './ota.ts';
export { openFirmwareStores } from './firmware-stores.ts';
export type { FirmwareStores } from './firmware-store.ts';
