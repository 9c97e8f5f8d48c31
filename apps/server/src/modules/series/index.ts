// The public surface of the series module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { seriesRoutes } from './routes.ts';
