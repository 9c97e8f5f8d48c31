// The public surface of the device-faults module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { viewableFaultLevels } from './fault-levels.ts';
export { withDescriptions } from './fault-descriptions.ts';
