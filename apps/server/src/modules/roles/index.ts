// The public surface of the roles module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { storedBuiltinName } from './builtin.ts';
export { roleRoutes } from './routes.ts';
export { assertGrantable } from './rules.ts';
