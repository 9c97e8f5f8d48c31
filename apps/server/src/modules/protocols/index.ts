// The public surface of the protocols module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { findProtocol, findVersion, touchProtocol } from './repo.ts';
export { protocolRoutes } from './routes.ts';
