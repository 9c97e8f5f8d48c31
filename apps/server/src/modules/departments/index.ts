// The public surface of the departments module: all that other modules and the ingest may import from it
// (eslint rule local/module-boundaries; docs/ARCHITECTURE.md "Module boundaries").
export { departmentRoutes } from './routes.ts';
