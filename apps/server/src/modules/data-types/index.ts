// The public surface of the data-types module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { formulaDetail } from './formula-message.ts';
export { dataTypeRoutes } from './routes.ts';
