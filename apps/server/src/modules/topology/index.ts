// The public surface of the topology module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { cascadeGatewaysOffline, childOffline, childOnline } from './cascade.ts';
export { gatewaysOfChildCodes } from './repo.ts';
export { childConnectionId, gatewayOfConnection, mayReportFor } from './rules.ts';
