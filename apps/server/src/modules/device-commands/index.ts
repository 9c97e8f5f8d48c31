// The public surface of the device-commands module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export {
  ensureOperationDays,
  insertOperations,
  logOperation,
  operationRow,
  operatorOf,
  type Operator,
} from './operation-log.ts';
export { activateDeviceInScope } from './activation.ts';
export { controlDeviceInScope } from './control.ts';
export type { CommandService } from './command-deps.ts';
export { countOperations, newestOperationId, operationBatches, operationPage } from './operation-page.ts';
